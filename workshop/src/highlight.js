// The editor's .ccl highlighting, from the card language's own Pygments lexer.
//
// "ccl-highlight" is generated at docs-build time by docs/hooks/workshop.py from
// castle_combo.language.lexer.CclLexer: its rules, in order, each a regular expression and the
// highlighting tag its token type stands for. Like Pygments, the editor tries the rules in order at
// each position and takes the first that matches, so the editor highlights exactly as the docs'
// code blocks do, and in the same colours (the theme's code colours). No keyword is listed here.
import { HighlightStyle, StreamLanguage } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import rules from "ccl-highlight";

const compiled = rules.map((rule) => ({ regex: new RegExp(rule.regex, "my"), tag: rule.tag || null }));
const usedTags = [...new Set(rules.map((rule) => rule.tag).filter(Boolean))];

export const cclLanguage = StreamLanguage.define({
  name: "ccl",
  token(stream) {
    for (const { regex, tag } of compiled) {
      regex.lastIndex = stream.pos;
      const found = regex.exec(stream.string);
      if (found && found[0].length > 0) {
        stream.pos += found[0].length;
        return tag;
      }
    }
    stream.next();
    return null;
  },
  tokenTable: Object.fromEntries(usedTags.map((tag) => [tag, tags[tag]])),
  languageData: { commentTokens: { line: "#" } },
});

// The site's code colours (mkdocs-material's variables), so light and dark themes both read well.
const colour = (name) => `var(--md-code-hl-${name}-color)`;
export const cclHighlightStyle = HighlightStyle.define([
  { tag: tags.comment, color: colour("comment"), fontStyle: "italic" },
  { tag: tags.string, color: colour("string") },
  { tag: tags.number, color: colour("number") },
  { tag: tags.keyword, color: colour("keyword") },
  { tag: tags.typeName, color: colour("keyword") },
  { tag: tags.atom, color: colour("constant") },
  { tag: tags.className, color: colour("constant") },
  { tag: tags.attributeName, color: colour("variable") },
  { tag: [tags.operator, tags.operatorKeyword], color: colour("operator") },
  { tag: tags.punctuation, color: colour("punctuation") },
]);
