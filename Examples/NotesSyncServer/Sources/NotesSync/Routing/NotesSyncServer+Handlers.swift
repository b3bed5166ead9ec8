#if Server && GRDB
    import Hummingbird
    import MiniFlakeRegistry

    extension NotesSyncServer {
        /// `PUT /devices/{installation}`: registers the installation in the signed-in account,
        /// keeping its provisional number when that is free there.
        func registerDevice(_ request: Request, installation name: String?) async throws(NotesSyncError)
            -> EditedResponse<DeviceRegistrationResponse>
        {
            let account = try tokens.account(for: request)
            let installation: RegistryName
            do {
                installation = try RegistryName(name ?? "")
            } catch {
                throw NotesSyncError(error)
            }
            let body = try await decodeBody(request, as: DeviceRegistrationRequest.self, emptyAs: .init())
            let registration = try await store.register(
                account: account, installation: installation, provisionalInstance: body.provisionalInstance)
            return EditedResponse(
                status: registration.isNew ? .created : .ok, response: DeviceRegistrationResponse(registration))
        }

        /// `DELETE /devices/{installation}`: retires the installation in the signed-in account, as
        /// an app does with the installations its generator left behind (`leftBehind`).
        ///
        /// - Throws: `unknown_installation` (404) when it is not live in the account.
        func retireDevice(_ request: Request, installation name: String?) async throws(NotesSyncError) -> Response {
            let account = try tokens.account(for: request)
            let installation: RegistryName
            do {
                installation = try RegistryName(name ?? "")
            } catch {
                throw NotesSyncError(error)
            }
            guard try await store.retire(account: account, installation: installation) else {
                throw NotesSyncError(
                    .notFound, code: "unknown_installation",
                    message: "\(installation) is not a live installation of the account")
            }
            return Response(status: .noContent)
        }

        /// `POST /notes`: stores the notes the device made offline, answering each one.
        func uploadNotes(_ request: Request) async throws(NotesSyncError) -> NoteUploadResponse {
            let account = try tokens.account(for: request)
            let body = try await decodeBody(request, as: NoteUploadRequest.self, emptyAs: nil)
            guard body.notes.count <= settings.maximumNotesPerUpload else {
                throw NotesSyncError(
                    .badRequest, code: "too_many_notes",
                    message: "send at most \(settings.maximumNotesPerUpload) notes per request, not \(body.notes.count)"
                )
            }
            return NoteUploadResponse(results: try await store.receive(body.notes, account: account))
        }

        /// `GET /notes`: the signed-in account's notes.
        func listNotes(_ request: Request) async throws(NotesSyncError) -> NoteListResponse {
            let account = try tokens.account(for: request)
            return NoteListResponse(notes: try await store.notes(of: account))
        }
    }
#endif
