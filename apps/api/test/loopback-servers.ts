/**
 * The environment of a test app whose real servers (Dovecot, smtp-server, Radicale) listen on
 * 127.0.0.1: the outbound policy refuses loopback by default, so these tests allow that one
 * address, as an operator would allow a self-hosted server on the LAN. Nothing else private is
 * allowed, and link-local stays refused whatever the setting says.
 */
export const LOOPBACK_SERVERS_ENV = { OUTBOUND_ALLOW_PRIVATE_NETWORKS: '127.0.0.1' } as const;
