/** The time source of services (injected, so tests can pin it). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
