// SPDX-License-Identifier: MIT
// The one place where a joint solver type becomes its table of functions.
#include "joint_solver.h"

const ttJointFamily* ttJointFamily_Get( ttJointSolverType type )
{
	switch ( type )
	{
		case ttJointSolver_xpbd:
			return &ttXpbdJoints;
		default:
			return NULL;
	}
}
