/**
 * A throw-away self-signed certificate for `--tls`, built in process: an EC P-256 key from
 * node:crypto and a minimal X.509 v3 certificate (CN=localhost, SAN localhost + 127.0.0.1 + ::1)
 * DER-encoded here, because Node can sign but has no API to issue a certificate.
 *
 * Kept by hand on purpose (issue 13 asked to weigh a library): measured on this machine, this
 * file takes ~2 ms per certificate and adds nothing to install. `@peculiar/x509` 2.2.0 (what
 * `selfsigned` 5 builds on) installs ~5 MB with pkijs/asn1js/tsyringe and costs ~800 ms to import
 * plus 8-15 ms per certificate; the `openssl` binary costs 20-33 ms per spawn and may be missing on
 * a user's machine; node-forge signs RSA only, in JavaScript. Every one would make `--tls` start
 * slower for ~80 lines of DER this file writes once and never needs to parse.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n >>= 8;
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

const seq = (...c: Buffer[]) => der(0x30, ...c);
const set = (...c: Buffer[]) => der(0x31, ...c);

function oid(text: string): Buffer {
  const parts = text.split('.').map(Number);
  const bytes: number[] = [40 * parts[0]! + parts[1]!];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [];
    let v = part;
    do {
      chunk.unshift(v & 0x7f);
      v = Math.floor(v / 128);
    } while (v > 0);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i]! |= 0x80;
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const s = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return der(0x17, Buffer.from(s, 'ascii'));
}

function name(cn: string): Buffer {
  return seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(cn, 'utf8')))));
}

export interface SelfSigned {
  key: string;
  cert: string;
}

export function createSelfSignedCertificate(): SelfSigned {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(8);
  // a positive INTEGER in its shortest form: the top bit clear, and the first byte never 0 (a
  // leading zero before a byte below 0x80 is "illegal padding" to OpenSSL, 1 certificate in 256)
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const now = Date.now();
  const san = seq(
    der(0x82, Buffer.from('localhost', 'ascii')), // dNSName
    der(0x87, Buffer.from([127, 0, 0, 1])), // iPAddress v4
    der(0x87, Buffer.from([...new Array<number>(15).fill(0), 1])), // iPAddress ::1
  );
  const extensions = der(
    0xa3,
    seq(
      seq(oid('2.5.29.17'), der(0x04, san)), // subjectAltName
      seq(oid('2.5.29.19'), der(0x04, seq())), // basicConstraints: not a CA
    ),
  );
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // version v3
    der(0x02, serial),
    ecdsaWithSha256,
    name('localhost'),
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 365 * 24 * 3600_000))),
    name('localhost'),
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certDer = seq(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const b64 = certDer.toString('base64').replace(/(.{64})/g, '$1\n').trim();
  const cert = `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  return { key, cert };
}
