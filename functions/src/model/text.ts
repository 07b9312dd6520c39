const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** German umlauts and ß spelled out the way Germans write them without (Müller → Mueller). */
export function spellOutUmlauts(text: string): string {
  return text.replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c]!);
}

/**
 * C0 and C1 controls, DEL, and the bidi/format controls that can disguise text (U+202E turns "gnp.exe" into
 * "exe.png"): LRM/RLM, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the BOM.
 */
function isControlCharacter(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0xfeff
  );
}

export function hasControlCharacters(s: string): boolean {
  for (const ch of s) if (isControlCharacter(ch.codePointAt(0)!)) return true;
  return false;
}

export function withoutControlCharacters(s: string): string {
  return [...s].filter((ch) => !isControlCharacter(ch.codePointAt(0)!)).join('');
}
