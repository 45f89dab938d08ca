// SPDX-License-Identifier: MIT
// The one place where a joint solver type becomes its table of functions.
#include "joint_solver.h"

const ttJointFamily* ttJointFamily_Get( ttJointSolverType type )
{
	switch ( type )
	{
		case ttJointSolver_xpbd:
			return &ttXpbdJoints;
		case ttJointSolver_si:
			return &ttSiJoints;
		case ttJointSolver_pointmass:
			return &ttPointMassJoints;
		default:
			return NULL;
	}
}

void ttJointFamilies_Destroy( ttWorld* world )
{
	const ttJointFamily* families[] = { &ttXpbdJoints, &ttSiJoints, &ttPointMassJoints };
	for ( int i = 0; i < (int)( sizeof( families ) / sizeof( families[0] ) ); ++i )
	{
		if ( families[i]->destroy != NULL )
		{
			families[i]->destroy( world );
		}
	}
}
