/**
 * The sandbox's self-signed certificate is valid DER every time: its random serial number once
 * came out as a non-minimal INTEGER (a leading zero byte) about once in 256 certificates, which
 * OpenSSL refuses ("illegal padding") and which failed the HTTPS test of a CI run now and then.
 */
import https from 'node:https';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSelfSignedCertificate } from '../../src/sandbox/tls.ts';

describe('createSelfSignedCertificate', () => {
  it('gives a certificate OpenSSL accepts, 1500 times in a row', () => {
    let refused = 0;
    for (let i = 0; i < 1500; i++) {
      const { key, cert } = createSelfSignedCertificate();
      try {
        https.createServer({ key, cert });
      } catch {
        refused++;
      }
    }
    expect(refused).toBe(0);
  });

  it('is for localhost, and its serial number is positive and in its shortest form', () => {
    const x = new X509Certificate(createSelfSignedCertificate().cert);
    expect(x.checkHost('localhost')).toBe('localhost');
    expect(x.serialNumber).toMatch(/^[1-7][0-9A-F]{15}$/);
  });
});
