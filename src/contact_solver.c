// SPDX-License-Identifier: MIT
// The one place where a contact solver type becomes its table of functions.
#include "contact_solver.h"

const ttContactFamily* ttContactFamily_Get( ttContactSolverType type )
{
	switch ( type )
	{
		case ttContactSolver_xpbd:
			return &ttXpbdContacts;
		case ttContactSolver_softStep:
			return &ttSoftStepContacts;
		default:
			return NULL;
	}
}
