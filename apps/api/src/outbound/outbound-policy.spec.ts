import { OutboundPolicy, OutboundRefusedError, parsePrivateNetworkAllowance } from './outbound-policy';

const refusal = async (policy: OutboundPolicy, host: string) => {
  try {
    await policy.resolve(host);
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.reason;
    throw error;
  }
  return null;
};

describe('OUTBOUND_ALLOW_PRIVATE_NETWORKS', () => {
  it.each([
    '',
    'false',
    'FALSE',
    'true',
    '127.0.0.1',
    '10.0.0.0/8, fd00::/8',
    '192.168.1.20,mail.lan',
    ' localhost ',
    '::1',
  ])('reads %j', (value) => {
    expect(() => parsePrivateNetworkAllowance(value)).not.toThrow();
  });

  it.each(['10.0.0.0/33', 'fd00::/129', 'mail.lan/8', '10.0.0.0/8/1', '10.0.0.0/x', 'http://mail.lan', 'mail lan'])(
    'refuses %j with a readable message',
    (value) => {
      expect(() => parsePrivateNetworkAllowance(value)).toThrow(/^OUTBOUND_ALLOW_PRIVATE_NETWORKS: ".+" is not/);
    },
  );
});

describe('OutboundPolicy', () => {
  const closed = new OutboundPolicy('false');
  const open = new OutboundPolicy('true');
  const lan = new OutboundPolicy('192.168.1.0/24, 127.0.0.1, mail.localhost');

  it.each([
    '127.0.0.1',
    '127.1',
    '0x7f000001',
    '2130706433',
    '0177.0.0.1',
    '[::1]',
    '::1',
    'localhost',
    'localhost.',
    'LOCALHOST',
    '10.1.2.3',
    '192.168.1.5',
    '100.64.0.1',
    '0.0.0.0',
    '[::ffff:127.0.0.1]',
    'fd12::1',
  ])('refuses %s by default', async (host) => {
    expect(await refusal(closed, host)).toBe('refused');
  });

  it.each([
    '169.254.169.254',
    '0xa9fea9fe',
    '2852039166',
    '[::ffff:169.254.169.254]',
    '[fe80::1]',
    '100.100.100.200',
    '[fd00:ec2::254]',
    '224.0.0.1',
  ])('refuses the link-local or metadata address %s even when every private network is allowed', async (host) => {
    expect(await refusal(open, host)).toBe('refused');
    expect(await refusal(lan, host)).toBe('refused');
  });

  it('lets through exactly what the operator listed', async () => {
    for (const host of [
      '192.168.1.5',
      '192.168.1.254',
      '127.0.0.1',
      '127.1',
      '[::ffff:127.0.0.1]',
      'localhost',
      'mail.localhost',
    ])
      expect(await refusal(lan, host)).toBeNull();
    for (const host of ['192.168.2.5', '127.0.0.2', '10.0.0.1', '[::1]'])
      expect(await refusal(lan, host)).toBe('refused');
    for (const host of ['127.0.0.2', '10.0.0.1', '[::1]', '0.0.0.0']) expect(await refusal(open, host)).toBeNull();
  });

  it('answers the checked addresses to connect to, and the host for TLS', async () => {
    expect(await open.resolve('127.1')).toEqual({
      host: '127.0.0.1',
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await open.resolve('[::1]')).toEqual({ host: '::1', addresses: [{ address: '::1', family: 6 }] });
    expect(await open.resolve('Localhost.')).toEqual({
      host: 'localhost',
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await closed.resolve('8.8.8.8')).toEqual({
      host: '8.8.8.8',
      addresses: [{ address: '8.8.8.8', family: 4 }],
    });
  });

  it('says "not found" for a name without an address, without contacting anything', async () => {
    expect(await refusal(closed, 'no-such-host.invalid')).toBe('not-found');
  });

  it('refuses when the setting is absent (the default)', async () => {
    expect(await refusal(new OutboundPolicy(), '127.0.0.1')).toBe('refused');
  });
});
