import { BlockList, isIP } from 'node:net';

// This machine's own addresses: 127.0.0.0/8, ::1, and IPv4's loopback as an IPv6 socket reports it.
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * Whether a socket's peer is this machine. The socket's own address, never a forwarded header: a
 * client on the network can write any X-Forwarded-For it likes.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
