// `node --import` preload: every fetch goes to the snippet-runs stand-in (TLS checked against the test CA, the
// original host name kept for SNI and the Host header); any host that is not a stand-in host fails loudly.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { Agent, buildConnector, setGlobalDispatcher } from "undici";

const port = process.env.SNIPPET_RUNS_PORT;
const hosts = new Set((process.env.SNIPPET_RUNS_HOSTS ?? "").split(","));
const connector = buildConnector({ ca: [...rootCertificates, readFileSync(process.env.SNIPPET_RUNS_CA, "utf8")] });

setGlobalDispatcher(
  new Agent({
    connect(options, callback) {
      if (!hosts.has(options.hostname)) {
        callback(new Error(`snippet-runs: no network; ${options.hostname} is not a stand-in host`), null);
        return;
      }
      connector({ ...options, hostname: "127.0.0.1", port, servername: options.hostname }, callback);
    },
  }),
);
