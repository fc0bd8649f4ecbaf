import { createSocket, type Socket } from 'node:dgram';

/**
 * A tiny authoritative DNS server on loopback UDP for tests (remote DNS is out of reach):
 * answers TXT, MX and A from a table, NXDOMAIN otherwise. RFC 1035 wire format, no compression
 * in answers beyond a pointer to the question name.
 */
export interface DnsStandIn {
  server: string;
  txt: Map<string, string[]>;
  mx: Map<string, Array<{ priority: number; exchange: string }>>;
  /** IPv4 addresses (A records) by name. */
  a: Map<string, string[]>;
  /** When true, queries are dropped unanswered (a DNS server that never answers). */
  silent: boolean;
  /** Queries received, as `TYPE name` (TXT/MX/other number). */
  queries: string[];
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const TYPE_MX = 15;
const TYPE_A = 1;

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p)])), Buffer.from([0])]);
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let i = 12;
  while (msg[i]! !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString());
    i += len + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i + 1), end: i + 5 };
}

/** TXT rdata: character-strings of at most 255 bytes each (a DKIM key record is longer). */
function txtData(value: string): Buffer {
  const bytes = Buffer.from(value);
  const parts: Buffer[] = [];
  for (let i = 0; i === 0 || i < bytes.length; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const txt = new Map<string, string[]>();
  const mx = new Map<string, Array<{ priority: number; exchange: string }>>();
  const a = new Map<string, string[]>();
  const socket: Socket = createSocket('udp4');
  const state = { silent: false, queries: [] as string[] };
  socket.on('message', (msg, peer) => {
    const q = readQuestion(msg);
    state.queries.push(`${q.type === TYPE_TXT ? 'TXT' : q.type === TYPE_MX ? 'MX' : q.type === TYPE_A ? 'A' : q.type} ${q.name}`);
    if (state.silent) return;
    const answers: Buffer[] = [];
    const rr = (type: number, rdata: Buffer) => {
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0); // pointer to the question name
      head.writeUInt16BE(type, 2);
      head.writeUInt16BE(1, 4); // IN
      head.writeUInt32BE(60, 6);
      head.writeUInt16BE(rdata.length, 10);
      answers.push(Buffer.concat([head, rdata]));
    };
    if (q.type === TYPE_TXT) {
      for (const value of txt.get(q.name) ?? []) rr(TYPE_TXT, txtData(value));
    } else if (q.type === TYPE_MX) {
      for (const r of mx.get(q.name) ?? []) {
        const pref = Buffer.alloc(2);
        pref.writeUInt16BE(r.priority);
        rr(TYPE_MX, Buffer.concat([pref, encodeName(r.exchange)]));
      }
    } else if (q.type === TYPE_A) {
      for (const ip of a.get(q.name) ?? []) rr(TYPE_A, Buffer.from(ip.split('.').map(Number)));
    }
    const known = txt.has(q.name) || mx.has(q.name) || a.has(q.name);
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0); // id
    header.writeUInt16BE(0x8400 | (known ? 0 : 3), 2); // response, authoritative, NOERROR/NXDOMAIN
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  const { port } = socket.address();
  return Object.assign(state, {
    server: `127.0.0.1:${port}`,
    txt,
    mx,
    a,
    close: () => new Promise<void>((r) => socket.close(() => r())),
  });
}
