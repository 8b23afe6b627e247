import Foundation

/// The address `flipbook preview --host` names, as the server binds it: an IPv4 or IPv6
/// literal (`127.0.0.1`, `0.0.0.0`, `192.168.1.20`, `::1`, `::`), or `localhost` (127.0.0.1).
/// Host names are not looked up.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
  public enum Family: Equatable, Sendable { case ip4, ip6 }

  public let family: Family
  /// The address's bytes in network order (4 or 16).
  public let bytes: [UInt8]

  /// Why a `--host` value is not an address the server can listen on.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    public let text: String
    public var description: String {
      "--host takes an IP address to listen on, such as 127.0.0.1 (this machine only, the default), ::1, or 0.0.0.0 (every network this machine is on); '\(text)' is not one (host names are not looked up)"
    }
  }

  public init(parsing text: String) throws(Invalid) {
    let literal = text.lowercased() == "localhost" ? "127.0.0.1" : text
    var four = in_addr()
    var six = in6_addr()
    if inet_pton(AF_INET, literal, &four) == 1 {
      family = .ip4
      bytes = withUnsafeBytes(of: four) { Array($0) }
    } else if inet_pton(AF_INET6, literal, &six) == 1 {
      family = .ip6
      bytes = withUnsafeBytes(of: six) { Array($0) }
    } else {
      throw Invalid(text: text)
    }
  }

  public init(family: Family, bytes: [UInt8]) {
    self.family = family
    self.bytes = bytes
  }

  /// `127.0.0.1`, `::1`.
  public var description: String {
    var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let done: UnsafePointer<CChar>? = bytes.withUnsafeBytes {
      inet_ntop(family == .ip4 ? AF_INET : AF_INET6, $0.baseAddress, &out, socklen_t(out.count))
    }
    return done == nil ? "?" : String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// How a URL or a Host header names it: `127.0.0.1`, `[::1]`.
  public var urlHost: String { family == .ip4 ? description : "[\(description)]" }

  /// 127.0.0.0/8 or ::1: only this machine can connect.
  public var isLoopback: Bool {
    family == .ip4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
  }

  /// 0.0.0.0 or ::: every address of this machine.
  public var isWildcard: Bool { bytes.allSatisfy { $0 == 0 } }

  /// The addresses of this machine's network interfaces (`getifaddrs`), IPv4 and IPv6.
  static func interfaceAddresses() -> [ListenAddress] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return [] }
    defer { freeifaddrs(list) }
    var found: [ListenAddress] = []
    var item = list
    while let entry = item?.pointee {
      if let address = entry.ifa_addr {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
          address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            found.append(ListenAddress(family: .ip4, bytes: withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }))
          }
        case AF_INET6:
          address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            found.append(ListenAddress(family: .ip6, bytes: withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }))
          }
        default: break
        }
      }
      item = entry.ifa_next
    }
    return found
  }
}

/// Which `Host` and `Origin` a request may carry: the server's own names only, so a page from
/// another origin (or a DNS name rebound to this machine) cannot read the preview.
///
/// Accepted authorities, each with the server's port: `127.0.0.1`, `localhost`, `[::1]`, the
/// `--host` address, and for a wildcard `--host` (0.0.0.0, ::) the addresses of this machine's
/// interfaces when the server started. Port 80 may also be left out. `Host` must be one of
/// them; `Origin`, when a request carries one, must be `http://` and one of them.
struct OriginPolicy: Sendable {
  let authorities: Set<String>

  init(address: ListenAddress, port: Int, interfaces: [ListenAddress] = []) {
    var hosts = ["127.0.0.1", "localhost", "[::1]", address.urlHost]
    if address.isWildcard { hosts += interfaces.map(\.urlHost) }
    var all = Set<String>()
    for host in hosts {
      all.insert("\(host):\(port)".lowercased())
      if port == 80 { all.insert(host.lowercased()) }
    }
    authorities = all
  }

  func allowsHost(_ host: String?) -> Bool {
    guard let host else { return false }
    return authorities.contains(host.lowercased())
  }

  func allowsOrigin(_ origin: String?) -> Bool {
    guard let origin else { return true }
    let lower = origin.lowercased()
    guard lower.hasPrefix("http://") else { return false }
    return authorities.contains(String(lower.dropFirst(7)))
  }
}
