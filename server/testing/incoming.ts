import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** A request as the server receives it, from `remoteAddress`, with these raw headers. */
export function incoming(remoteAddress: string, rawHeaders: string[]): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.rawHeaders = [...rawHeaders];
  for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1];
  return req;
}
