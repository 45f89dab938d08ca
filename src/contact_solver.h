// SPDX-License-Identifier: MIT
// The contact solver families behind one table of functions, chosen once per step
// (ttContactFamily_Get). The step calls the hooks in this order every substep:
//   integrate velocities
//   -> collide (when collideBeforePositions; only in the first substep when collideOncePerStep)
//   -> followPoints -> [the velocity-level joints' biased pass] -> beginSubstep
//   -> integrate positions
//   -> collide (when not collideBeforePositions)
//   -> solvePositions, once per iteration, before the joints
//   -> derive velocities -> solveVelocities.
// A family leaves a hook NULL when it has nothing to do there. Outside the step, the readouts
// (ttWorld_GetContactData, the load that supporting contacts weigh) ask the family what a point's
// stored impulse means as a force.
#pragma once

#include "contact.h"
#include "step.h"

typedef struct ttContactFamily
{
	const char* name;
	/// Narrow phase at the poses the substep starts from (velocity-level solvers, which must see a
	/// contact before the positions move through it) instead of after the positions moved.
	bool collideBeforePositions;
	/// The narrow phase runs once per step, in the first substep; the family follows each point
	/// through the later substeps from the bodies' motion (anchors fixed to the bodies) and finds
	/// the speculative distance from the whole step's approach.
	bool collideOncePerStep;
	/// The integration caches R diag(I^-1) R^T in body->invInertiaWorld for the solver.
	bool needsWorldInverseInertia;
	/// A pair's last manifold may be kept while the pair has not moved against itself
	/// (contact.c); the family reads the refreshed separations and carried impulses.
	bool keepsManifolds;
	/// The speculative distance grows with the pair's approach within one substep (contact.c).
	bool speculative;
	/// The points at the substep's start, before the velocity-level joints' biased pass: their
	/// separations and the approach speeds the restitution answers (the joints' pass would add
	/// the push-out of their position error to them). May be NULL.
	void ( *followPoints )( ttStepContext* ctx );
	void ( *beginSubstep )( ttStepContext* ctx );
	void ( *solvePositions )( ttStepContext* ctx );
	void ( *solveVelocities )( ttStepContext* ctx );
	/// A point's normal and friction force over the last substep, N, from what the solver stored.
	void ( *pointForce )( const ttStepContext* ctx, const ttContactPoint* cp, ttReal* normalForce,
	                      ttVec3* frictionForce );
} ttContactFamily;

/// The table of a solver type; NULL for a value that is not a ttContactSolverType.
const ttContactFamily* ttContactFamily_Get( ttContactSolverType type );

extern const ttContactFamily ttSoftStepContacts; ///< contact_solver_soft.c
extern const ttContactFamily ttXpbdContacts;     ///< contact_solver_xpbd.c
