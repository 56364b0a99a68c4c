// Coroutines started from ordinary code (async_run, async_func, AsyncTask, sync_wait), on the notes
// table of main.cc.
#pragma once

#include <drogon/drogon.h>

// The number of notes, for sync_wait in main() and for the handlers.
drogon::Task<int> countNotes(drogon::orm::DbClientPtr db);

// /notes/count, /notes/purge and /notes/purge-later.
void registerBackgroundRoutes(drogon::orm::DbClientPtr db);
