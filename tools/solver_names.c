// SPDX-License-Identifier: MIT
// One row per solver family and the command-line switches that choose them (solver_names.h).
#include "solver_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Indexed by enum value: designated initialisers keep a row on its value if the enum is reordered.
const char* const ttJointSolverNames[] = {
    [ttJointSolver_xpbd] = "xpbd",
    [ttJointSolver_si] = "si",
    [ttJointSolver_pointmass] = "pointmass",
};
const int ttJointSolverCount = (int)( sizeof( ttJointSolverNames ) / sizeof( ttJointSolverNames[0] ) );

const char* const ttContactSolverNames[] = {
    [ttContactSolver_xpbd] = "xpbd",
    [ttContactSolver_softStep] = "softStep",
};
const int ttContactSolverCount = (int)( sizeof( ttContactSolverNames ) / sizeof( ttContactSolverNames[0] ) );

int ttFindSolverName( const char* const* names, int count, const char* text )
{
	for ( int i = 0; text != NULL && i < count; ++i )
	{
		if ( names[i] != NULL && strcmp( names[i], text ) == 0 )
		{
			return i;
		}
	}
	return -1;
}

void ttJoinSolverNames( const char* const* names, int count, char* buffer, int size )
{
	int used = 0;
	buffer[0] = 0;
	for ( int i = 0; i < count && used >= 0 && used < size; ++i )
	{
		used += snprintf( buffer + used, (size_t)( size - used ), "%s%s", i > 0 ? "|" : "", names[i] );
	}
}

bool ttSolverSwitches_IsOption( const char* option )
{
	return strcmp( option, "--joint-solver" ) == 0 || strcmp( option, "--contact-solver" ) == 0 ||
	       strcmp( option, "--threads" ) == 0;
}

// --threads N: a whole number of workers, 1 to TT_MAX_WORKERS.
static int ttParseThreads( ttSolverSwitches* switches, const char* command, const char* value )
{
	char* end = NULL;
	long threads = value != NULL ? strtol( value, &end, 10 ) : 0;
	if ( value == NULL || end == value || *end != 0 || threads < 1 || threads > TT_MAX_WORKERS )
	{
		fprintf( stderr, "tether: %s: --threads needs a whole number from 1 to %d, got '%s'\nTry 'tether help'.\n",
		         command, TT_MAX_WORKERS, value != NULL ? value : "" );
		return -1;
	}
	switches->setThreads = true;
	switches->threads = (int)threads;
	return 1;
}

int ttSolverSwitches_Parse( ttSolverSwitches* switches, const char* command, const char* option, const char* value )
{
	if ( strcmp( option, "--threads" ) == 0 )
	{
		return ttParseThreads( switches, command, value );
	}
	bool joint = strcmp( option, "--joint-solver" ) == 0;
	if ( joint == false && strcmp( option, "--contact-solver" ) != 0 )
	{
		return 0;
	}
	const char* const* names = joint ? ttJointSolverNames : ttContactSolverNames;
	int count = joint ? ttJointSolverCount : ttContactSolverCount;
	int index = ttFindSolverName( names, count, value );
	if ( index < 0 )
	{
		char list[256];
		ttJoinSolverNames( names, count, list, (int)sizeof( list ) );
		if ( value == NULL )
		{
			fprintf( stderr, "tether: %s: %s needs a value, one of %s\nTry 'tether help'.\n", command, option, list );
		}
		else
		{
			fprintf( stderr, "tether: %s: %s needs one of %s, got '%s'\nTry 'tether help'.\n", command, option, list,
			         value );
		}
		return -1;
	}
	if ( joint )
	{
		switches->setJoint = true;
		switches->joint = (ttJointSolverType)index;
	}
	else
	{
		switches->setContact = true;
		switches->contact = (ttContactSolverType)index;
	}
	return 1;
}

bool ttSolverSwitches_Apply( const ttSolverSwitches* switches, ttWorldId worldId )
{
	if ( switches->setJoint && ttWorld_SetJointSolver( worldId, switches->joint ) != ttResult_ok )
	{
		fprintf( stderr, "tether: the world rejected --joint-solver %s\n", ttJointSolverNames[switches->joint] );
		return false;
	}
	if ( switches->setContact && ttWorld_SetContactSolver( worldId, switches->contact ) != ttResult_ok )
	{
		fprintf( stderr, "tether: the world rejected --contact-solver %s\n", ttContactSolverNames[switches->contact] );
		return false;
	}
	if ( switches->setThreads && ttWorld_SetWorkerCount( worldId, switches->threads ) != ttResult_ok )
	{
		fprintf( stderr, "tether: the world rejected --threads %d\n", switches->threads );
		return false;
	}
	return true;
}
