#!/usr/bin/env node
// Entry point kept as plain JS so the bin exists before the first build; the code lives in dist/.
import { main } from "../dist/main.js";

process.exitCode = await main(process.argv.slice(2));
