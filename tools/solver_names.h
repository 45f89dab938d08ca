// SPDX-License-Identifier: MIT
// The names of the solver families as scene files and command lines spell them, in one table per
// enum (solver_names.c): a new ttJointSolverType or ttContactSolverType value is one row there.
// The scene loader ("jointSolver", "contactSolver"), `tether run`, `bench`, `render` and `view`
// (--joint-solver, --contact-solver, and --threads for the worker count) and `tether bench --solvers`
// read them from here.
#pragma once

#include "tether/tether.h"

#ifdef __cplusplus
extern "C"
{
#endif

	/// Names indexed by ttJointSolverType value ("xpbd", ...), ttJointSolverCount of them.
	extern const char* const ttJointSolverNames[];
	extern const int ttJointSolverCount;
	/// Names indexed by ttContactSolverType value ("xpbd", "softStep").
	extern const char* const ttContactSolverNames[];
	extern const int ttContactSolverCount;

	/// The index of `text` in `names` (count entries), or -1.
	int ttFindSolverName( const char* const* names, int count, const char* text );
	/// "a|b|c": the names joined for usage messages; the buffer is always terminated.
	void ttJoinSolverNames( const char* const* names, int count, char* buffer, int size );

	/// The solver choices of a command line, and its worker count (--threads); applied to a loaded
	/// scene's world after its own.
	typedef struct ttSolverSwitches
	{
		bool setJoint, setContact, setThreads;
		ttJointSolverType joint;
		ttContactSolverType contact;
		int threads; ///< ttWorld_SetWorkerCount: 1 to TT_MAX_WORKERS
	} ttSolverSwitches;

	/// Whether `option` is one that ttSolverSwitches_Parse reads ("--joint-solver",
	/// "--contact-solver", "--threads"); each takes a value.
	bool ttSolverSwitches_IsOption( const char* option );

	/// If `option` is "--joint-solver", "--contact-solver" or "--threads", parse `value` into the
	/// switches and return 1, or print what is wrong on stderr (naming `command`) and return -1; 0
	/// for any other option. A NULL value is a missing value.
	int ttSolverSwitches_Parse( ttSolverSwitches* switches, const char* command, const char* option,
	                            const char* value );
	/// Set the chosen solvers on the world; false (with a message on stderr) when the world rejects one.
	bool ttSolverSwitches_Apply( const ttSolverSwitches* switches, ttWorldId worldId );

#ifdef __cplusplus
}
#endif
