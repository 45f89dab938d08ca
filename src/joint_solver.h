// SPDX-License-Identifier: MIT
// The joint solver families behind one table of functions, chosen once per step
// (ttJointFamily_Get). Per step: prepare; per substep: beginSubstep before the velocities are
// integrated, solveBeforePositions after they are integrated (before the contacts' first solve
// and before the positions move), solvePositions once per iteration after the contacts,
// afterDeriveVelocities as soon as the velocities are derived, solveVelocities after that and
// the contacts' velocity pass. A family leaves a hook NULL when it has nothing to do there (a
// position-level family solves nothing before the positions move, a velocity-level family has no
// position iterations).
#pragma once

#include "step.h"

typedef struct ttJointFamily
{
	const char* name;
	/// Bodies held only by a rigid ball joint to a static body are integrated as turns about the
	/// pivot (body_pinned.c): the position-level projection otherwise takes the pivot's
	/// second-order drift back partly by turning the body, which damps a top's precession.
	bool pinsBodies;
	void ( *prepare )( ttStepContext* ctx );
	void ( *beginSubstep )( ttStepContext* ctx );
	void ( *solveBeforePositions )( ttStepContext* ctx );
	void ( *solvePositions )( ttStepContext* ctx );
	/// Right after the velocities are derived, before the contacts' velocity pass: each body's
	/// velocity is still its start plus what the projections gave it, which the XPBD and
	/// point-mass energy guard needs (joint_energy_guard.c); the velocity-level family relaxes
	/// here, so that the contacts' relax and restitution come after it (Box2D's order). May be NULL.
	void ( *afterDeriveVelocities )( ttStepContext* ctx );
	void ( *solveVelocities )( ttStepContext* ctx );
	/// Free what the family keeps in the world (ttDestroyWorld); may be NULL.
	void ( *destroy )( ttWorld* world );
} ttJointFamily;

/// The table of a solver type; NULL for a value that is not a ttJointSolverType.
const ttJointFamily* ttJointFamily_Get( ttJointSolverType type );

/// Free every family's data of a world (ttDestroyWorld).
void ttJointFamilies_Destroy( ttWorld* world );

extern const ttJointFamily ttXpbdJoints;      ///< joint_solver_xpbd.c
extern const ttJointFamily ttSiJoints;        ///< joint_solver_si.c
extern const ttJointFamily ttPointMassJoints; ///< joint_solver_pointmass.c
