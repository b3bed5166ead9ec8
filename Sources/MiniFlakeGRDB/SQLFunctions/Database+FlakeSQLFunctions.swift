#if GRDB
    import GRDB

    extension Database {
        /// Registers MiniFlake's SQL functions (``FlakeSQLFunctions``) on this connection. Call it
        /// for every connection, from `Configuration.prepareDatabase`:
        ///
        /// ```swift
        /// var configuration = Configuration()
        /// configuration.prepareDatabase { db in db.addFlakeFunctions() }
        /// let pool = try DatabasePool(path: path, configuration: configuration)
        /// ```
        public func addFlakeFunctions() {
            for function in FlakeSQLFunctions.all {
                add(function: function)
            }
        }
    }
#endif
