import CoreData
import SwiftUI

/// The notes, newest first (a FlakeID sorts by creation), with a button that adds one.
@MainActor
struct NotesView: View {
    @Environment(\.managedObjectContext) private var context
    @FetchRequest(sortDescriptors: [NSSortDescriptor(key: "id", ascending: false)])
    private var notes: FetchedResults<NoteEntity>
    @State private var failure: String?

    var body: some View {
        NavigationStack {
            List {
                ForEach(notes, id: \.objectID) { note in
                    VStack(alignment: .leading) {
                        Text(note.title)
                        Text(verbatim: "\(note.id)").font(.caption).foregroundStyle(.secondary)
                    }
                }
                .onDelete(perform: delete)
            }
            .navigationTitle("Notes")
            .toolbar {
                Button("Add", action: add)
            }
            .alert("Not saved", isPresented: .constant(failure != nil)) {
                Button("OK") { failure = nil }
            } message: {
                Text(failure ?? "")
            }
        }
    }

    /// Inserts a note: `awakeFromInsert()` gives it its ID and origin.
    private func add() {
        let note = NoteEntity(context: context)
        note.title = "Note \(notes.count + 1)"
        save()
    }

    private func delete(_ offsets: IndexSet) {
        for index in offsets { context.delete(notes[index]) }
        save()
    }

    private func save() {
        do {
            try context.save()
        } catch {
            context.rollback()
            failure = "\(error)"
        }
    }
}
