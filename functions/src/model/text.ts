const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** German umlauts and ß spelled out the way Germans write them without (Müller → Mueller). */
export function spellOutUmlauts(text: string): string {
  return text.replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c]!);
}
