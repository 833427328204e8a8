import { describe, expect, it } from "vitest";
import { type Statement, StatementSplitter } from "./sql-statements";

function split(script: string, pieceLength = script.length): Statement[] {
  const splitter = new StatementSplitter();
  const out: Statement[] = [];
  for (let i = 0; i < script.length; i += pieceLength) {
    out.push(...splitter.push(script.slice(i, i + pieceLength)));
  }
  splitter.end();
  return out;
}

const script = [
  "-- Haat backup; a header comment",
  "SET standard_conforming_strings = on;",
  "/* a block /* nested; */ comment */ BEGIN;",
  "INSERT INTO \"we;ird\"\"name\" VALUES ('a;b', 'it''s', '--not a comment', 'back\\slash'),",
  "('two\nlines;', E'esc\\';aped', $$dollar; quoted$$, $tag$ $$; $tag$);",
  "CREATE FUNCTION f() RETURNS int AS $body$ select 1; $body$ LANGUAGE sql;",
  "COMMIT;",
  "-- End of Haat backup",
  "",
].join("\n");

describe("StatementSplitter", () => {
  it("splits at the semicolons outside strings, identifiers, dollar quotes and comments", () => {
    const statements = split(script);
    expect(statements.map((s) => s.sql)).toEqual([
      "SET standard_conforming_strings = on",
      "BEGIN",
      "INSERT INTO \"we;ird\"\"name\" VALUES ('a;b', 'it''s', '--not a comment', 'back\\slash'),\n('two\nlines;', E'esc\\';aped', $$dollar; quoted$$, $tag$ $$; $tag$)",
      "CREATE FUNCTION f() RETURNS int AS $body$ select 1; $body$ LANGUAGE sql",
      "COMMIT",
    ]);
    expect(statements.map((s) => s.line)).toEqual([2, 3, 4, 7, 8]);
  });

  it("gives the same statements however the input is cut into pieces", () => {
    const whole = split(script);
    for (const pieceLength of [1, 2, 3, 5, 7, 64]) {
      expect(split(script, pieceLength)).toEqual(whole);
    }
  });

  it("refuses input that stops inside a statement or a string", () => {
    expect(() => split("SELECT 1; SELECT 2")).toThrow(/middle of a statement \(from line 1\)/);
    expect(() => split("INSERT INTO t VALUES ('open;\n")).toThrow(/inside a string/);
  });
});
