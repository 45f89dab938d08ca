// SPDX-License-Identifier: MIT
// The two collective operations a sweep needs, over MPI_COMM_WORLD. Only tether-mpi links this
// file: the plain tether program does not depend on an MPI library.
#include "sweep_mpi.h"

#include "sweep.h"

#include <mpi.h>

#include <stdlib.h>
#include <string.h>

// Rank 0 receives every rank's text, in rank order; lengths first, then the characters.
static char* ttMpiGather( const char* text )
{
	int rank = 0, size = 1;
	MPI_Comm_rank( MPI_COMM_WORLD, &rank );
	MPI_Comm_size( MPI_COMM_WORLD, &size );
	int length = (int)strlen( text );
	int* lengths = rank == 0 ? calloc( (size_t)size, sizeof( int ) ) : NULL;
	int* offsets = rank == 0 ? calloc( (size_t)size, sizeof( int ) ) : NULL;
	MPI_Gather( &length, 1, MPI_INT, lengths, 1, MPI_INT, 0, MPI_COMM_WORLD );
	char* all = NULL;
	if ( rank == 0 )
	{
		long total = 0;
		for ( int r = 0; r < size; ++r )
		{
			offsets[r] = (int)total;
			total += lengths[r];
		}
		all = malloc( (size_t)total + 1 );
		if ( all != NULL )
		{
			all[total] = 0;
		}
	}
	MPI_Gatherv( text, length, MPI_CHAR, all, lengths, offsets, MPI_CHAR, 0, MPI_COMM_WORLD );
	free( lengths );
	free( offsets );
	return all;
}

static bool ttMpiAllTrue( bool ok )
{
	int mine = ok ? 1 : 0, all = 0;
	MPI_Allreduce( &mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD );
	return all != 0;
}

int ttSweepMpiMain( int argc, char** argv )
{
	MPI_Init( &argc, &argv );
	ttSweepComm comm = { 0, 1, 1, ttMpiGather, ttMpiAllTrue };
	MPI_Comm_rank( MPI_COMM_WORLD, &comm.rank );
	MPI_Comm_size( MPI_COMM_WORLD, &comm.size );
	// The ranks that share this machine (MPI-3 shared-memory split) share its cores.
	MPI_Comm machine;
	MPI_Comm_split_type( MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, comm.rank, MPI_INFO_NULL, &machine );
	MPI_Comm_size( machine, &comm.localSize );
	MPI_Comm_free( &machine );
	int code = ttSweepMain( argc, argv, &comm );
	MPI_Finalize();
	return code;
}
