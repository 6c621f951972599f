import { isPrivateAddress } from './private-address.util';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
    '255.255.255.255', '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.1.2.3', '::ffff:192.168.0.1', '::127.0.0.1', '64:ff9b::a9fe:a9fe', '[::1]', 'localhost', 'not an address', '',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '192.169.0.1', '100.128.0.1', '192.0.2.2', '2001:4860:4860::8888', '2606:4700::1111', '::ffff:8.8.8.8', '[2001:db8::1]'])(
    'allows the public address %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});
