// A push service on loopback standing in for the browser vendor's (RFC 8030), and the browser's
// side of Web Push (RFC 8291): a subscription's keys and the decryption of what was pushed to it.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import type { AddressPolicy } from '@app/mail';
import { testCertificate } from './certificate';

interface Received {
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface PushStandIn {
  origin: string;
  /** The stand-in's throw-away certificate. */
  cert: Buffer;
  received: Received[];
  close(): Promise<void>;
}

/**
 * The address policy of tests that push to stand-ins on loopback: 127.0.0.1 counts as public, no
 * name resolves. The real policy (PUBLIC_ADDRESSES) refuses loopback (docs/security.md W20).
 */
export const LOOPBACK_PUSH: AddressPolicy = {
  lookup: () => Promise.reject(new Error('ENOTFOUND')),
  isAllowed: (ip) => ip === '127.0.0.1',
};

/** An HTTPS server with a throw-away certificate for 127.0.0.1: 201 for every push, 410 under /push/gone-. */
export async function startPushStandIn(): Promise<PushStandIn> {
  const { key, cert } = testCertificate('IP:127.0.0.1');
  const received: Received[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
      received.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/push/gone-') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    cert,
    received,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

/**
 * Makes this process (where the tests run the app) trust the stand-in's certificate besides the
 * usual roots, as an operator's trust store would trust a real push service.
 */
export function trustStandIn(standIn: PushStandIn): void {
  setDefaultCACertificates([...getCACertificates('default'), standIn.cert.toString('utf8')]);
}

/** A subscription as a browser makes it (P-256 key pair, 16-byte auth secret), and its decryption. */
export function newBrowser(origin: string, path: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    path,
    subscription: {
      endpoint: `${origin}${path}`,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    /** RFC 8291 §3.4 / RFC 8188: aes128gcm with the keys derived from our private key and the auth secret. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
    },
  };
}

/** Checks an ES256 JWT against the VAPID public key (an uncompressed P-256 point) and returns its claims. */
export function verifyVapidJwt(jwt: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const [header, payload, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  if (
    !verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    )
  )
    throw new Error('bad VAPID signature');
  if (JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')).alg !== 'ES256') throw new Error('VAPID token is not ES256');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
}
