// Passwords for users:create and users:reset-password: never required on the command line.
import { type Options, required, UsageError } from "./options";

const PASSWORD_FLAG_WARNING =
  "Warning: --password leaves the password in your shell history and the process list. Leave it out to be asked for it, or pipe it in with --password-stdin.";

/** The password to set: from standard input, a no-echo prompt on a terminal, or (warned) --password. */
export async function passwordOption(values: Options, { confirm }: { confirm: boolean }) {
  if (values["password-stdin"] === true) {
    if (typeof values.password === "string")
      throw new UsageError("Give either --password or --password-stdin, not both.");
    const password = (await readStandardInput()).replace(/\r?\n$/, "");
    if (!password) throw new UsageError("No password on standard input.");
    return password;
  }
  if (typeof values.password === "string") {
    console.error(PASSWORD_FLAG_WARNING);
    return required(values, "password");
  }
  if (!process.stdin.isTTY) {
    throw new UsageError("Not on a terminal: pipe the password in with --password-stdin.");
  }
  const password = await promptHidden("Password: ");
  if (!password) throw new UsageError("No password given.");
  if (confirm && (await promptHidden("Password (again): ")) !== password) {
    throw new UsageError("The two passwords differ.");
  }
  return password;
}

async function readStandardInput() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads one line from the terminal without echoing it (the terminal is put in raw mode meanwhile). */
function promptHidden(question: string) {
  const input = process.stdin;
  // Echo goes off before the question shows, so what is typed or pasted the moment it appears is never echoed.
  input.setRawMode(true);
  process.stderr.write(question);
  input.resume();
  input.setEncoding("utf8");
  return new Promise<string>((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n" || character === "\u0004") return finish();
        if (character === "\u0003") return finish(new UsageError("Cancelled."));
        if (character === "\u007f" || character === "\b") typed = typed.slice(0, -1);
        else if (character >= " ") typed += character;
      }
    };
    input.on("data", onData);
  });
}
