// A throw-away certificate authority and one server certificate for every stand-in host, made with openssl at run time.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The test CA and the stand-in's key pair, as PEM text and as files (for curl, Python and Node). */
export interface TestCertificates {
  /** The CA certificate file every client is told to trust. */
  caFile: string;
  /** CA certificate (PEM). */
  ca: string;
  /** Server key (PEM). */
  key: string;
  /** Server certificate (PEM), valid for every host in `hosts`. */
  cert: string;
}

/** True when the openssl command is on PATH. */
export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Makes a CA valid for one day and a server certificate signed by it for `hosts`, in `dir`. */
export function makeCertificates(dir: string, hosts: readonly string[]): TestCertificates {
  const file = (name: string) => join(dir, name);
  const run = (args: string[]) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  run(
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=snippet-runs test CA"].concat([
      "-keyout",
      file("ca.key"),
      "-out",
      file("ca.pem"),
    ]),
  );
  run(
    ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=snippet-runs stand-in"].concat([
      "-keyout",
      file("server.key"),
      "-out",
      file("server.csr"),
    ]),
  );
  writeFileSync(
    file("server.ext"),
    `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(",")}\nextendedKeyUsage=serverAuth\n`,
  );
  run(
    ["x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key")].concat([
      "-CAcreateserial",
      "-days",
      "1",
      "-extfile",
      file("server.ext"),
      "-out",
      file("server.pem"),
    ]),
  );
  return {
    caFile: file("ca.pem"),
    ca: readFileSync(file("ca.pem"), "utf8"),
    key: readFileSync(file("server.key"), "utf8"),
    cert: readFileSync(file("server.pem"), "utf8"),
  };
}
