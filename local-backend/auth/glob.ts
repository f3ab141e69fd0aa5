/**
 * The redirect allow list's globs as Supabase Auth compiles them: gobwas/glob with `.` and `/` as
 * separators (`glob.MustCompile(uri, '.', '/')`).
 *
 * `*` is any run of characters without a separator, `**` any run at all, `?` one non-separator
 * character; `[abc]`, `[a-z]` and their negations `[!…]` take one character of any kind, separators
 * included; `{a,b*}` is one of its patterns; `\` makes the next character literal. An unclosed `{`
 * ends with the pattern, as in gobwas; an unclosed or empty `[…]` is an error (Supabase Auth then
 * refuses to start).
 */

const WITHIN_SEGMENT = "[^./]*";
const ONE_IN_SEGMENT = "[^./]";
const ANYTHING = ".*";
const TEXT_BREAKERS = ["?", "*", "[", "{"];
const TERM_BREAKERS = [...TEXT_BREAKERS, "}", ","];

const compiled = new Map<string, RegExp>();

/** The glob as an anchored regular expression; throws for a glob gobwas refuses. */
export function globToRegExp(glob: string): RegExp {
  let regExp = compiled.get(glob);
  if (!regExp) {
    regExp = new RegExp(`^${new GlobParser(glob).pattern(false)}$`, "su");
    compiled.set(glob, regExp);
  }
  return regExp;
}

export function isValidGlob(glob: string): boolean {
  try {
    globToRegExp(glob);
    return true;
  } catch {
    return false;
  }
}

/** One character of the glob, matched literally (by code point, so any character is safe to embed). */
const literal = (char: string) => (/^[a-zA-Z0-9]$/.test(char) ? char : `\\u{${char.codePointAt(0)!.toString(16)}}`);

class GlobParser {
  private readonly chars: string[];
  private at = 0;

  constructor(private readonly glob: string) {
    this.chars = [...glob];
  }

  /** A pattern up to the end, or inside `{…}` up to its next `,` or `}`. */
  pattern(inTerms: boolean): string {
    let regExp = "";
    while (this.at < this.chars.length) {
      const char = this.chars[this.at];
      if (inTerms && (char === "," || char === "}")) break;
      this.at++;
      if (char === "{") regExp += this.alternatives();
      else if (char === "[") regExp += this.characterClass();
      else if (char === "?") regExp += ONE_IN_SEGMENT;
      else if (char === "*") regExp += this.skip("*") ? ANYTHING : WITHIN_SEGMENT;
      else {
        this.at--;
        regExp += [...this.text(inTerms ? TERM_BREAKERS : TEXT_BREAKERS)].map(literal).join("");
      }
    }
    return regExp;
  }

  private skip(char: string): boolean {
    if (this.chars[this.at] !== char) return false;
    this.at++;
    return true;
  }

  private alternatives(): string {
    const options = [this.pattern(true)];
    while (this.skip(",")) options.push(this.pattern(true));
    this.skip("}");
    return `(?:${options.join("|")})`;
  }

  /** Plain characters up to a breaker; `\` takes the next character as it is (a last `\` is dropped). */
  private text(breakers: string[]): string {
    let text = "";
    while (this.at < this.chars.length) {
      const char = this.chars[this.at];
      if (char === "\\") {
        this.at += 2;
        text += this.chars[this.at - 1] ?? "";
        continue;
      }
      if (breakers.includes(char)) break;
      text += char;
      this.at++;
    }
    return text;
  }

  /** After `[`: `[!]` negates, `[x-y]` is a range (exactly one character each side), else a list. */
  private characterClass(): string {
    const negated = this.skip("!");
    const first = this.next();
    let body: string;
    if (this.chars[this.at] === "-") {
      this.at++;
      const last = this.next();
      if (last.codePointAt(0)! < first.codePointAt(0)!) this.fail(`range ${first}-${last} runs backwards`);
      body = `${literal(first)}-${literal(last)}`;
    } else {
      this.at--;
      const members = this.text(["]"]);
      if (!members) this.fail("empty character class");
      body = [...members].map(literal).join("");
    }
    if (this.next() !== "]") this.fail("expected ]");
    return `[${negated ? "^" : ""}${body}]`;
  }

  private next(): string {
    const char = this.chars[this.at++];
    if (char === undefined) this.fail("unexpected end of input");
    return char;
  }

  private fail(why: string): never {
    throw new Error(`invalid glob ${JSON.stringify(this.glob)}: ${why}`);
  }
}
