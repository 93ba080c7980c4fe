#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes. Tests capture it in memory; the executable writes to file descriptors.
public protocol OutputSink: AnyObject {
  /// Writes all of `text`; returns false when the stream is closed (a reader such as `head -1` went away).
  func write(_ text: String) -> Bool
  /// Writes UTF-8 bytes (a large JSON output, written without becoming a String first).
  func write(bytes: [UInt8]) -> Bool
  /// Whether this stream is a terminal (for colour).
  var isTerminal: Bool { get }
}

extension OutputSink {
  public func write(bytes: [UInt8]) -> Bool { write(String(decoding: bytes, as: UTF8.self)) }
}

/// A POSIX file descriptor, written with `write(2)` so that a closed pipe is an error we can report, not a trap.
public final class DescriptorSink: OutputSink {
  let descriptor: Int32

  public init(descriptor: Int32) { self.descriptor = descriptor }

  public var isTerminal: Bool { isatty(descriptor) == 1 }

  public func write(_ text: String) -> Bool { write(bytes: Array(text.utf8)) }

  public func write(bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}

/// Collects output in memory (tests).
public final class StringSink: OutputSink {
  public private(set) var text = ""
  public var isTerminal: Bool

  public init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

  public func write(_ text: String) -> Bool {
    self.text += text
    return true
  }
}

/// The streams and environment a command runs with.
public struct Console {
  public let standardOutput: OutputSink
  public let standardError: OutputSink
  public let environment: [String: String]
  /// Reads standard input whole (for `-`), when there is no `standardInputDescriptor` (tests).
  public let readStandardInput: () -> [UInt8]?
  /// The descriptor `-` reads from, with the input limit applied while reading (the executable's 0).
  public let standardInputDescriptor: Int32?

  public init(
    standardOutput: OutputSink, standardError: OutputSink, environment: [String: String],
    readStandardInput: @escaping () -> [UInt8]?, standardInputDescriptor: Int32? = nil
  ) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.environment = environment
    self.readStandardInput = readStandardInput
    self.standardInputDescriptor = standardInputDescriptor
  }
}

/// Why a command stopped early; each maps to an exit status.
enum CommandFailure: Error {
  /// Exit 2: bad arguments or unreadable input; the message is printed on standard error.
  case usage(String)
  /// Exit 2: the output could not be made (a file not written, a helper tool that failed or is missing); the
  /// message is printed on standard error without the usage line, since the command itself was right.
  case failed(String)
  /// Exit 2: standard output was closed while writing.
  case closedOutput
}
