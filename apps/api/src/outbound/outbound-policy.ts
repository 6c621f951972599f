import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../config/env.schema';
import { classifyAddress, normaliseHost } from './address-classifier';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Where a connection may go: the host as the user wrote it (for TLS SNI and certificate checks,
 * and for messages) and the addresses it resolved to, every one checked. Only
 * OutboundPolicy.resolve() makes one; the clients in this folder take nothing else.
 */
export interface CheckedTarget {
  readonly host: string;
  readonly addresses: readonly ResolvedAddress[];
  readonly __checked: unique symbol;
}

/**
 * Why the policy let no connection happen. `message` is for the server's log only (it names the
 * address and range); users see OUTBOUND_MESSAGES.couldNotConnect, the same as for a closed port or
 * a timeout, so that answers cannot map what listens where.
 */
export class OutboundRefusedError extends Error {
  constructor(
    readonly host: string,
    message: string,
    readonly reason: 'refused' | 'not-found',
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** What OUTBOUND_ALLOW_PRIVATE_NETWORKS allows: every private address, or the listed networks, addresses and host names. */
export interface PrivateNetworkAllowance {
  all: boolean;
  networks: BlockList;
  hosts: Set<string>;
  /** The setting as given, for messages. */
  text: string;
}

/**
 * Parses OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false' (or empty), 'true', or a comma-separated list of
 * CIDRs ('192.168.1.0/24', 'fd00::/8'), addresses ('127.0.0.1') and host names ('mail.lan').
 * Throws with a readable message for an entry that is none of these.
 */
export function parsePrivateNetworkAllowance(value: string | boolean | undefined): PrivateNetworkAllowance {
  const text = String(value ?? 'false').trim();
  const networks = new BlockList();
  const hosts = new Set<string>();
  const lower = text.toLowerCase();
  if (lower === '' || lower === 'false') return { all: false, networks, hosts, text };
  if (lower === 'true') return { all: true, networks, hosts, text };
  for (const raw of text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const [network, prefixText, extra] = raw.split('/');
    const host = normaliseHost(network);
    if (prefixText !== undefined) {
      const prefix = Number(prefixText);
      const family = host.kind === 'ip' ? host.family : 0;
      const max = family === 4 ? 32 : 128;
      if (extra !== undefined || !family || !/^\d+$/.test(prefixText) || prefix > max) {
        throw new Error(`OUTBOUND_ALLOW_PRIVATE_NETWORKS: "${raw}" is not a network (like 192.168.1.0/24 or fd00::/8)`);
      }
      networks.addSubnet((host as { address: string }).address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (host.kind === 'ip') {
      networks.addAddress(host.address, host.family === 4 ? 'ipv4' : 'ipv6');
    } else if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host.name)) {
      hosts.add(host.name);
    } else {
      throw new Error(
        `OUTBOUND_ALLOW_PRIVATE_NETWORKS: "${raw}" is not true, false, a network, an address or a host name`,
      );
    }
  }
  return { all: false, networks, hosts, text };
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The one outbound-connection policy for every client that connects where a user says (website
 * fetches and uptime, research pages, CalDAV, IMAP, SMTP, WordPress): the host is resolved once,
 * every address checked, and the connection made to a checked address (no DNS rebinding).
 * Link-local and metadata addresses are always refused; loopback and private ones unless
 * OUTBOUND_ALLOW_PRIVATE_NETWORKS allows them. Operator-configured endpoints (OAuth/OIDC, the AI
 * server, S3, the search engine, the platforms' APIs) do not come through here: see
 * outbound-clients.spec.ts for the list.
 */
@Injectable()
export class OutboundPolicy {
  readonly allowance: PrivateNetworkAllowance;

  /** Nest passes the ConfigService; tests pass the setting ('false', 'true', '127.0.0.1, 10.0.0.0/8'). */
  constructor(@Optional() @Inject(ConfigService) source?: ConfigService<Env, true> | string) {
    const setting =
      source instanceof ConfigService ? source.get('OUTBOUND_ALLOW_PRIVATE_NETWORKS', { infer: true }) : source;
    this.allowance = parsePrivateNetworkAllowance(setting);
  }

  /**
   * Resolves the host once and checks every address it has; throws OutboundRefusedError when one
   * of them may not be contacted, or when the host has no address.
   */
  async resolve(host: string, signal?: AbortSignal): Promise<CheckedTarget> {
    const normal = normaliseHost(host);
    let addresses: ResolvedAddress[];
    if (normal.kind === 'ip') addresses = [{ address: normal.address, family: normal.family }];
    else if (normal.kind === 'localhost') addresses = [{ address: '127.0.0.1', family: 4 }];
    else {
      try {
        const lookup = dnsLookup(normal.name, { all: true, verbatim: true });
        addresses = await (signal ? abortable(lookup, signal) : lookup);
      } catch (error) {
        signal?.throwIfAborted();
        throw new OutboundRefusedError(
          host,
          `host ${normal.name} not found (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
          'not-found',
        );
      }
    }
    if (addresses.length === 0) throw new OutboundRefusedError(host, `host ${host} has no address`, 'not-found');
    const name = normal.kind === 'ip' ? null : normal.name;
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (verdict.kind === 'forbidden')
        throw new OutboundRefusedError(
          host,
          `refused ${host} (${address}): ${verdict.range}, never contacted`,
          'refused',
        );
      if (verdict.kind === 'private' && !this.allowsPrivate(address, verdict.ipv4, name)) {
        throw new OutboundRefusedError(
          host,
          `refused ${host} (${address}): ${verdict.range}, not allowed by OUTBOUND_ALLOW_PRIVATE_NETWORKS`,
          'refused',
        );
      }
    }
    return { host: name ?? (normal as { address: string }).address, addresses } as unknown as CheckedTarget;
  }

  private allowsPrivate(address: string, ipv4: string | undefined, name: string | null): boolean {
    const { all, networks, hosts } = this.allowance;
    if (all) return true;
    if (name !== null && hosts.has(name)) return true;
    const bare = address.split('%')[0];
    return networks.check(bare, familyOf(bare)) || (ipv4 !== undefined && networks.check(ipv4, 'ipv4'));
  }
}

/** A dns lookup for http(s).request / net.connect that answers only the checked addresses. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  const addresses = [...target.addresses];
  return (_host, options, callback) => {
    if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
