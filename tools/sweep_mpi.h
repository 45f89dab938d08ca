// SPDX-License-Identifier: MIT
// `tether-mpi sweep`: the sweep shared among the ranks of an MPI job (only in the tether-mpi
// program, built when CMake finds MPI; docs/batch.md).
#pragma once

/// MPI_Init, the sweep with this rank's share (rank 0 writes the table), MPI_Finalize.
int ttSweepMpiMain( int argc, char** argv );
