import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { escapeNonAscii } from "../../vite.plugins";

/** Runs a script and returns what its last expression evaluates to. */
const evaluate = (code: string) => vm.runInNewContext(code) as unknown;

describe("the server build's chunks in ASCII", () => {
  const scripts = [
    `"₹1,14,999 — priced in rupees →"`,
    `'emoji 😀 and a surrogate pair'`,
    // An escaped non-ASCII character is the character itself.
    `"caf\\é"`,
    `"two backslashes then é: \\\\é"`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the script's own template literal
    "const price = '₹'; `${price} 1,549 · “quoted”`",
    "/[«»“”]/.exec('say “hi”')[0]",
    "/😀/u.test('a 😀 b') && /^.$/u.test('😀')",
    "const café = 'crème'; café + '!'",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the script's own template literal
    "String.raw`plain ascii ${'é'}`",
    "// a comment with an arrow →\n 'after the comment'",
  ];

  it("keeps every string, template, regular expression and name as it was", () => {
    for (const script of scripts) {
      const escaped = escapeNonAscii(script);
      expect(/[\u0080-\uffff]/.test(escaped), script).toBe(false);
      expect(evaluate(escaped), script).toEqual(evaluate(script));
    }
  });

  it("leaves ASCII-only code exactly as it is", () => {
    const code = `const a = "\\u00e9\\\\"; /\\d+/.test(a) ? 'x' : "y";`;
    expect(escapeNonAscii(code)).toBe(code);
  });
});
