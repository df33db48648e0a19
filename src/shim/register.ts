/**
 * `node --import tsx --import <hdmigrate>/src/shim/register.ts app.js`: runs an unchanged Node app
 * with the shim installed as its global dispatcher, so its v1 calls (fetch, undici) to
 * HDMIGRATE_SHIM_UPSTREAM are answered in process through v2. Set HDMIGRATE_SHIM_ALLOW_INSECURE=1
 * for an http:// upstream (the sandbox), HDMIGRATE_SHIM_LOG=<file> for the usage log.
 */
import { appendFileSync } from 'node:fs';
import { installShimDispatcher } from './dispatcher.ts';

const upstream = process.env.HDMIGRATE_SHIM_UPSTREAM;
if (!upstream) {
  process.stderr.write('hdmigrate shim: set HDMIGRATE_SHIM_UPSTREAM to the account URL\n');
  process.exit(2);
}
const log = process.env.HDMIGRATE_SHIM_LOG;
const { uninstall } = installShimDispatcher({
  upstream,
  allowInsecureUpstream: process.env.HDMIGRATE_SHIM_ALLOW_INSECURE === '1',
  onUsage: log ? (line) => appendFileSync(log, `${JSON.stringify(line)}\n`) : undefined,
});
// the shim's upstream pool must not keep a finished app alive
process.once('beforeExit', () => void uninstall());
