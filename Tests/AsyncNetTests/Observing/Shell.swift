import Foundation
import Testing

/// Runs bash command lines for the tests, the way a person pasting them would.
enum Shell {
    static let bash = "/bin/bash"
    static let curl = "/usr/bin/curl"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What a command produced.
    struct Output: Sendable {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    /// Fails with a clear message when curl is not installed.
    static func requireCurl() throws {
        guard FileManager.default.isExecutableFile(atPath: curl) else {
            throw Failure(description: "\(curl) is missing: install it (apt-get update && apt-get install -y curl); "
                + "the cURL tests run the commands AsyncNet produces")
        }
    }

    /// Runs `bash -c command` with `/usr/bin` first on the PATH and no proxy for local addresses; throws unless it
    /// exits with status 0. Output goes to files, so a large output cannot fill a pipe and block the process.
    /// - Returns: The command's standard output.
    @discardableResult
    static func run(_ command: String) async throws -> Data {
        let output = try await execute(command)
        guard output.status == 0 else {
            throw Failure(description: "bash exited with status \(output.status): \(output.stderr)\ncommand: \(command)")
        }
        return output.stdout
    }

    static func execute(_ command: String) async throws -> Output {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("asyncnet-shell-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stdoutURL = directory.appendingPathComponent("stdout")
        let stderrURL = directory.appendingPathComponent("stderr")
        for url in [stdoutURL, stderrURL] where !FileManager.default.createFile(atPath: url.path, contents: nil) {
            throw Failure(description: "could not create \(url.path)")
        }
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }

        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/usr/bin:/bin:" + (environment["PATH"] ?? "")
        environment["NO_PROXY"] = "127.0.0.1,localhost"
        environment["no_proxy"] = "127.0.0.1,localhost"

        let process = Process()
        process.executableURL = URL(fileURLWithPath: bash)
        process.arguments = ["-c", command]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Output(
            status: status,
            stdout: try Data(contentsOf: stdoutURL),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    }
}
