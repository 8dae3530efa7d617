import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The current attempt's transfer: events from the Session's delegate, routed by task, and validation as the
/// response arrives.
extension DataRequest {
    /// After a validation failure, the body keeps arriving (an API's error body explains the failure) up to this
    /// size and for at most ``errorBodyGrace``; then the transfer is cancelled.
    static let errorBodyLimit = 1 << 20
    static let errorBodyGrace = Duration.milliseconds(500)

    /// How URLSession delivers this request's response: incremental whenever the request needs to see the body
    /// as it arrives (a size limit).
    var delivery: ResponseDelivery {
        responseSizeLimit == nil ? session.responseDelivery : .incremental
    }

    /// Ends the current attempt and the request with `error` (a size limit crossed).
    func abortTransfer(with error: AsyncNetError) {
        guard endAttempt(cancellingTask: true) else { return }
        finish(with: error)
    }

    /// Takes the task the Session created for the current attempt. Returns false when the request was cancelled
    /// meanwhile.
    func attach(_ task: any TransferTask) -> Bool {
        hasCreatedTask = true
        guard lifecycle.hasTask, lifecycle.state == .resumed || lifecycle.state == .suspended else { return false }
        self.task = task
        taskIdentifier = task.taskIdentifier
        timings.taskStarted()
        taskIsRunning = lifecycle.state == .resumed
        if taskIsRunning { task.resume() }
        return true
    }

    func didReceive(_ urlResponse: URLResponse, task taskID: Int) {
        guard taskID == taskIdentifier, !isComplete else { return }
        // A new response replaces an earlier one entirely (the 401 head of a challenge can come first).
        let httpResponse = urlResponse as? HTTPURLResponse
        response = httpResponse
        if let limit = responseSizeLimit, urlResponse.expectedContentLength > Int64(limit) {
            return abortTransfer(with: .responseTooLarge(limit: limit))
        }
        body.reset(expectedLength: urlResponse.expectedContentLength)
        bodyStarted = false
        drainTask?.cancel()
        drainTask = nil
        if delivery == .incremental { timings.firstByte() }
        if let httpResponse { emit(.response(self, httpResponse)) }
        validation.restart()
        // A redirect AsyncNet follows is judged by the next hop's response, not by these validators.
        guard !validation.isEmpty, let httpResponse, !RedirectHop.isRedirect(httpResponse) else { return }
        let noBody = ValidationRun.headSaysNoBody(httpResponse, method: urlRequest?.httpMethod)
        validate(noBody ? .absentByHead : .pending)
    }

    func didReceive(_ data: Data, task taskID: Int) {
        guard taskID == taskIdentifier, !isComplete else { return }
        if let limit = responseSizeLimit, body.count + data.count > limit {
            return abortTransfer(with: .responseTooLarge(limit: limit))
        }
        body.append(data)
        if !bodyStarted && !data.isEmpty {
            bodyStarted = true
            if !validation.isEmpty, let response, !RedirectHop.isRedirect(response) { validate(.arriving) }
        }
        if validation.failure != nil && body.count > Self.errorBodyLimit { finishEarly(task: taskID) }
    }

    func answer(_ challenge: ChallengeInfo, task taskID: Int) -> ChallengeReply.Answer {
        // Server trust and client certificates keep the system's handling; they are never delivered on Linux.
        guard ChallengeInfo.credentialMethods.contains(challenge.authenticationMethod) else {
            return .performDefaultHandling
        }
        // A credential is sent up front; a challenge means the server refused it, or none was given. Refusing hands
        // the 401 back to the caller (default handling would hang URLSession on Linux).
        guard taskID == taskIdentifier else { return .rejectProtectionSpace }
        rejectedChallenge = true
        // Delivered at completion, the 401's head never reaches `didReceive`: keep the challenge's copy of it.
        if response == nil, let failure = challenge.failureResponse { didReceive(failure, task: taskID) }
        return .rejectProtectionSpace
    }

    func didComplete(error: (any Error)?, task taskID: Int) {
        guard taskID == taskIdentifier, endAttempt(cancellingTask: false) else { return }
        // After a refused challenge Linux cancels the task (-999) once the 401 head is delivered: that 401 is the
        // answer, not a failure.
        let failure = error.map(AsyncNetError.wrapping)
        if case .sessionTaskFailed(let urlError) = failure, urlError.code == .cancelled, rejectedChallenge, response != nil {
            judgeAttempt(nil)
        } else {
            judgeAttempt(failure)
        }
    }

    // MARK: - Validation

    func add(_ validator: Validator) {
        validation.add(validator)
        guard let response, !isComplete, lifecycle.hasTask, !RedirectHop.isRedirect(response) else {
            if isComplete, transportError == nil, let response {
                _ = validation.run(request: urlRequest, response: response, body: .complete(body.data))
            }
            return
        }
        if ValidationRun.headSaysNoBody(response, method: urlRequest?.httpMethod) {
            validate(.absentByHead)
        } else {
            validate(bodyStarted ? .arriving : .pending)
        }
    }

    private func validate(_ knowledge: ValidationRun.Body) {
        guard let response, validation.run(request: urlRequest, response: response, body: knowledge) != nil,
              !isComplete, lifecycle.hasTask
        else { return }
        // The response is rejected: stop the transfer soon, keeping a short error body for the caller.
        guard let taskID = taskIdentifier else { return }
        if body.count > Self.errorBodyLimit { return finishEarly(task: taskID) }
        drainTask = Task { [weak self] in
            guard (try? await Task.sleep(for: Self.errorBodyGrace)) != nil else { return }
            await self?.finishEarly(task: taskID)
        }
    }

    /// Ends an attempt whose response was rejected, with what has arrived (unless that attempt already ended).
    private func finishEarly(task taskID: Int) {
        guard taskID == taskIdentifier, self.task != nil, endAttempt(cancellingTask: true) else { return }
        judgeAttempt(nil)
    }

    /// Closes the current attempt's transfer (its task, drain timer and timings), cancelling the task when it still
    /// runs. Returns false when the request already ended: a cancellation or an earlier end is its outcome.
    private func endAttempt(cancellingTask: Bool) -> Bool {
        guard lifecycle.attemptEnded() else { return false }
        if cancellingTask { task?.cancelIfRunning() }
        task = nil
        drainTask?.cancel()
        drainTask = nil
        timings.attemptEnded()
        return true
    }
}
