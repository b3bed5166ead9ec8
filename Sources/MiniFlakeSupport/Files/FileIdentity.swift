/// Identifies a file whatever path it was opened by.
package struct FileIdentity: Hashable, Sendable {
    /// The device the file is on.
    package let device: UInt64
    /// The file's inode on that device.
    package let inode: UInt64

    /// Identifies a file by its device and inode.
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
