import { describe, expect, it } from 'vitest';
import { checkAddress, parseV6 } from './ip-policy';

const strict = { allowLoopback: false };
const loopbackOk = { allowLoopback: true };

describe('checkAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.5',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2001:db8::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('refuses %s', (address) => {
    expect(checkAddress(address, strict).allowed).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:0808:0808::1',
  ])('allows public %s', (address) => {
    expect(checkAddress(address, strict).allowed).toBe(true);
  });

  it('allows loopback only when the test flag is set, and nothing else private', () => {
    expect(checkAddress('127.0.0.1', loopbackOk).allowed).toBe(true);
    expect(checkAddress('::1', loopbackOk).allowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', loopbackOk).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', loopbackOk).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', loopbackOk).allowed).toBe(false);
    expect(checkAddress('fd00:ec2::254', loopbackOk).allowed).toBe(false);
  });

  it('refuses things that are not addresses', () => {
    expect(checkAddress('localhost', strict).allowed).toBe(false);
  });
});

describe('parseV6', () => {
  it('expands :: and dotted tails', () => {
    expect(parseV6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseV6('::ffff:1.2.3.4')?.slice(10)).toEqual([255, 255, 1, 2, 3, 4]);
    expect(parseV6('1:2:3:4:5:6:7:8')?.[15]).toBe(8);
    expect(parseV6('1::2::3')).toBeNull();
    expect(parseV6('1:2:3')).toBeNull();
  });
});
