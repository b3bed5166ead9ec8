module miniflake.example/gopeer

go 1.19
