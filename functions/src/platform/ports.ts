/**
 * A typed point where one area offers something to the areas built after it (Backstage's extension points, in
 * small): the providing area exports `new Port<EnquiriesPort>('enquiries')` next to its module, provides the
 * value when it is built, and a consuming area asks `ports.get(ENQUIRIES_PORT)`. Areas never construct each
 * other's services; the order in modules.ts is the only coupling.
 */
export class Port<T> {
  declare readonly _type: T;
  constructor(readonly name: string) {}
}

export class Ports {
  private readonly values = new Map<Port<unknown>, unknown>();
  private readonly awaited = new Set<Port<unknown>>();

  provide<T>(port: Port<T>, value: T): void {
    if (this.values.has(port)) throw new Error(`port ${port.name} provided twice`);
    this.values.set(port, value);
  }

  get<T>(port: Port<T>): T {
    if (!this.values.has(port))
      throw new Error(`port ${port.name} is not provided yet: list its area before this one in modules.ts`);
    return this.values.get(port) as T;
  }

  /**
   * A port of an area listed later, for the one pair that needs each other (users and companies; the
   * authenticate middleware and the users area): read on first use, after the composition. `assertComplete`
   * at the end of the composition fails the start if no area provided it.
   */
  later<T>(port: Port<T>): () => T {
    this.awaited.add(port);
    return () => this.get(port);
  }

  assertComplete(): void {
    const missing = [...this.awaited].filter((port) => !this.values.has(port)).map((port) => port.name);
    if (missing.length) throw new Error(`ports ${missing.join(', ')} are asked for but no area provides them`);
  }
}
