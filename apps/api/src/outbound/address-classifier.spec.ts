import { classifyAddress, normaliseHost } from './address-classifier';

describe('classifyAddress', () => {
  it.each([
    '169.254.169.254',
    '169.254.0.1',
    '100.100.100.200',
    '168.63.129.16',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fd00:ec2::254',
    'ff02::1',
    '[fe80::1]',
    // IPv4-mapped, -translated, -compatible, NAT64, 6to4 and Teredo spellings of the metadata address
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:0:169.254.169.254',
    '::169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:5601:5601',
    // not an IP address at all: never a way through
    'localhost',
    'not an address',
    '',
    '127.1',
    '0x7f000001',
  ])('always refuses %s', (address) => {
    expect(classifyAddress(address).kind).toBe('forbidden');
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
  ])('refuses %s unless private networks are allowed (%s)', (address, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.kind).toBe('private');
    expect(verdict.range).toContain(range);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '100.63.255.255',
    '169.253.255.255',
    '192.0.2.2',
    '2001:4860:4860::8888',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '[2001:db8::1]',
    '2002:808:808::1',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(classifyAddress(address).kind).toBe('public');
  });

  it('names the IPv4 address an IPv6 form carries', () => {
    expect(classifyAddress('::ffff:169.254.169.254')).toMatchObject({ kind: 'forbidden', ipv4: '169.254.169.254' });
    expect(classifyAddress('::ffff:7f00:1')).toMatchObject({ kind: 'private', ipv4: '127.0.0.1' });
  });
});

describe('normaliseHost', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F000001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x0', '0.0.0.0'],
    ['2852039166', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'],
    ['169.254.43518', '169.254.169.254'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:127.0.0.1'],
    ['[FE80::1]', 'fe80::1'],
  ])('reads %s as the address %s', (host, address) => {
    expect(normaliseHost(host)).toMatchObject({ kind: 'ip', address });
  });

  it.each(['localhost', 'LOCALHOST', 'localhost.', 'mail.localhost', 'a.b.localhost.'])(
    'reads %s as loopback without asking DNS',
    (host) => {
      expect(normaliseHost(host).kind).toBe('localhost');
    },
  );

  it.each([
    ['mail.example.org', 'mail.example.org'],
    ['Mail.Example.ORG.', 'mail.example.org'],
    ['0x7g.example', '0x7g.example'],
    ['1.2.3.4.example', '1.2.3.4.example'],
  ])('leaves the name %s to DNS', (host, name) => {
    expect(normaliseHost(host)).toEqual({ kind: 'name', name });
  });

  it('never lets a spelling of a refused address through as public', () => {
    for (const host of [
      '127.1',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '[::1]',
      '0xa9fea9fe',
      '2852039166',
      '[::ffff:a9fe:a9fe]',
    ]) {
      const normal = normaliseHost(host);
      expect(normal.kind).toBe('ip');
      expect(classifyAddress((normal as { address: string }).address).kind).not.toBe('public');
    }
  });
});
