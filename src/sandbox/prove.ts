// Every new connection to the background sandbox proves, before a request goes on it, that the instance named in
// the 0600 sandbox.json answers there: a long `voicectl --sandbox mcp` session outlives the sandbox's idle stop, and
// another local user can then bind the freed port (the agent's next text went there). The proof is the status
// route's: an HMAC of a fresh nonce keyed with the instance token, asked on the socket itself, so that no other
// process can answer in between. The socket is then handed to undici as it is, with nothing left unread.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { SandboxStoppedError } from '../errors.js';
import { proofOf, sameProof, STATUS_PATH } from './service.js';

const PROOF_TIMEOUT_MS = 5000;

/** The head and JSON body of one HTTP/1.1 response read from `socket`, and no byte more. */
function readResponse(socket: Socket): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let buf = Buffer.alloc(0);
    const done = (err?: Error, result?: { status: number; body: string }) => {
      clearTimeout(timer);
      socket.off('readable', onReadable);
      socket.off('error', onError);
      socket.off('end', onEnd);
      if (err) reject(err);
      else resolve(result!);
    };
    const onError = (err: Error) => done(err);
    const onEnd = () => done(new Error('closed before its proof'));
    const onReadable = () => {
      for (let chunk = socket.read() as Buffer | null; chunk; chunk = socket.read() as Buffer | null) {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length > 64 * 1024) return done(new Error('a proof that does not end'));
      }
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if (!Number.isFinite(length)) return done(new Error('a proof without a length'));
      const total = end + 4 + length;
      if (buf.length < total) return;
      if (buf.length > total) return done(new Error('more than its proof'));
      done(undefined, { status, body: buf.subarray(end + 4).toString('utf8') });
    };
    const timer = setTimeout(() => done(new Error('no proof in time')), PROOF_TIMEOUT_MS);
    socket.on('readable', onReadable);
    socket.on('error', onError);
    socket.on('end', onEnd);
  });
}

/**
 * Asks, on `socket`, for the status with a fresh nonce, and checks the HMAC of `instance`: a
 * SandboxStoppedError when what answers cannot prove it is the sandbox that voicectl started.
 */
export async function proveSandbox(socket: Socket, url: string, instance: string | undefined): Promise<void> {
  const nonce = randomBytes(16).toString('hex');
  const { host } = new URL(url);
  socket.write(`GET ${STATUS_PATH}?nonce=${nonce} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  let proof: unknown;
  try {
    if (instance === undefined) throw new Error('no sandbox.json for this URL');
    const { status, body } = await readResponse(socket);
    proof = status === 200 ? (JSON.parse(body) as { data?: { proof?: unknown } }).data?.proof : undefined;
  } catch {
    proof = undefined;
  }
  if (instance === undefined || !sameProof(proof, proofOf(instance, 'status', nonce)))
    throw new SandboxStoppedError(
      `what answers at ${url} cannot prove it is the background sandbox this command started (it stopped, and something else may hold its port); nothing was sent`,
      { hints: ['Run the command again: it starts a new sandbox (for voicectl mcp, restart the server).'] },
    );
}
