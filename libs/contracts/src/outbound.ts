/**
 * What a user reads when the server could not connect where they said: the same words whether the
 * address is not allowed (loopback, private, link-local, cloud metadata), the port is closed, the
 * server did not answer in time, or it does not speak the protocol — so answers cannot map what
 * listens where. The server's log keeps the real reason.
 */
export const OUTBOUND_MESSAGES = {
  couldNotConnect: (host: string) =>
    `Could not connect to the server at ${host.replace(/\.+$/, '')}. Check the address and port.`,
} as const;
