/** One complete statement of a SQL script, without its leading comments and final `;`. */
export type Statement = { sql: string; line: number };

const IDENT_CHAR = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

type State =
  | { in: "code" }
  | { in: "string"; backslashEscapes: boolean }
  | { in: "identifier" }
  | { in: "dollar"; tag: string }
  | { in: "line-comment" }
  | { in: "block-comment"; depth: number };

/**
 * Splits a SQL script fed in pieces into statements at the `;` outside strings, quoted
 * identifiers, dollar quotes and comments, so a restore can run a file of any size statement by
 * statement without loading it whole.
 */
export class StatementSplitter {
  private buf = "";
  private pos = 0;
  private state: State = { in: "code" };
  /** Index in buf of the current statement's first code character, -1 while none yet. */
  private start = -1;
  private line = 1;
  private startLine = 1;

  /** Adds text and returns the statements it completed. */
  push(text: string): Statement[] {
    this.buf += text;
    return this.scan(false);
  }

  /** Ends the input; throws if it stops inside a statement, string or comment. */
  end(): void {
    this.scan(true);
    if (this.state.in !== "code" && this.state.in !== "line-comment") {
      throw new Error(
        `The SQL ends inside a ${this.state.in.replace("-", " ")} (line ${this.line})`,
      );
    }
    if (this.start !== -1) {
      throw new Error(`The SQL ends in the middle of a statement (from line ${this.startLine})`);
    }
  }

  private scan(final: boolean): Statement[] {
    const out: Statement[] = [];
    const b = this.buf;
    let i = this.pos;
    while (i < b.length) {
      const c = b[i] as string;
      // Two-character tokens need the next character; wait for more input unless at the end.
      const next = b[i + 1];
      if (next === undefined && !final && (c === "-" || c === "/" || c === "*" || c === "$")) break;
      const s = this.state;
      if (c === "\n") this.line++;
      if (s.in === "code") {
        if (c === "-" && next === "-") {
          this.state = { in: "line-comment" };
          i += 2;
          continue;
        }
        if (c === "/" && next === "*") {
          this.state = { in: "block-comment", depth: 1 };
          i += 2;
          continue;
        }
        if (/\s/.test(c)) {
          i++;
          continue;
        }
        if (this.start === -1) {
          this.start = i;
          this.startLine = this.line;
        }
        if (c === ";") {
          out.push({ sql: b.slice(this.start, i).trim(), line: this.startLine });
          this.start = -1;
        } else if (c === "'") {
          const prev = b[i - 1] ?? "";
          const beforePrev = b[i - 2] ?? "";
          const escapeString = (prev === "E" || prev === "e") && !IDENT_CHAR.test(beforePrev);
          this.state = { in: "string", backslashEscapes: escapeString };
        } else if (c === '"') {
          this.state = { in: "identifier" };
        } else if (c === "$" && !IDENT_CHAR.test(b[i - 1] ?? "")) {
          const tag = DOLLAR_TAG.exec(b.slice(i, i + 64));
          if (tag) {
            this.state = { in: "dollar", tag: tag[0] };
            i += tag[0].length;
            continue;
          }
          if (!final && b.length - i < 64 && !/[^A-Za-z0-9_$]/.test(b.slice(i + 1))) break;
        }
        i++;
      } else if (s.in === "string") {
        if (s.backslashEscapes && c === "\\") {
          if (next === undefined && !final) break;
          if (next === "\n") this.line++;
          i += 2;
        } else if (c === "'") {
          if (next === undefined && !final) break;
          if (next === "'") i += 2;
          else {
            this.state = { in: "code" };
            i++;
          }
        } else i++;
      } else if (s.in === "identifier") {
        if (c === '"') {
          if (next === undefined && !final) break;
          if (next === '"') i += 2;
          else {
            this.state = { in: "code" };
            i++;
          }
        } else i++;
      } else if (s.in === "dollar") {
        if (c === "$" && b.startsWith(s.tag, i)) {
          this.state = { in: "code" };
          i += s.tag.length;
        } else if (c === "$" && !final && b.length - i < s.tag.length) break;
        else i++;
      } else if (s.in === "line-comment") {
        if (c === "\n") this.state = { in: "code" };
        i++;
      } else {
        if (c === "*" && next === "/") {
          this.state = s.depth === 1 ? { in: "code" } : { in: "block-comment", depth: s.depth - 1 };
          i += 2;
        } else if (c === "/" && next === "*") {
          this.state = { in: "block-comment", depth: s.depth + 1 };
          i += 2;
        } else i++;
      }
    }
    // Keep only the unfinished statement (or nothing) so the buffer does not grow with the file.
    const keepFrom = this.start === -1 ? i : Math.min(this.start, i);
    this.buf = b.slice(keepFrom);
    this.pos = i - keepFrom;
    if (this.start !== -1) this.start -= keepFrom;
    return out;
  }
}
