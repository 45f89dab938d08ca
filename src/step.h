// SPDX-License-Identifier: MIT
// The step context: what every phase of one world step needs to know, computed once at its start
// (Box3D's b3StepContext is the model). The solver families (contact_solver.h, joint_solver.h)
// and the long range features (long_range.h) take it instead of reading the world's settings.
#pragma once

#include "core.h"

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttContactFamily ttContactFamily;
typedef struct ttJointFamily ttJointFamily;

/// The phases of the step that the step statistics time separately. Everything else (integration,
/// velocity derivation, long range projections) counts as solving.
typedef enum ttStepPhase
{
	ttStepPhase_collide,  ///< pairs and narrow phase (ttStepStats.collideMs)
	ttStepPhase_contacts, ///< the contact family's passes (ttStepStats.contactSolveMs)
	ttStepPhase_joints,   ///< the joint family's passes (ttStepStats.jointSolveMs)
	ttStepPhase_count,
} ttStepPhase;

typedef struct ttStepContext
{
	ttWorld* world;
	ttReal dt;    ///< the step, s
	ttReal h;     ///< the substep, dt / substeps
	ttReal invH;  ///< 1 / h: impulse to force for velocity-level solvers
	ttReal invH2; ///< 1 / h^2: XPBD multiplier (lambda, N s^2) to force
	int substeps, iterations;
	int substep; ///< the substep in progress, 0 to substeps - 1
	/// Set by a family that collides once per step, after the first substep's narrow phase, when
	/// this step's contacts turn too fast to be followed from the bodies' motion: the narrow phase
	/// then runs in every substep of this step.
	bool collideEverySubstep;
	/// The solver families chosen for this step (NULL contacts: contacts are off).
	ttContactSolverType contactSolver;
	const ttContactFamily* contacts;
	const ttJointFamily* joints;
	/// The awake bodies and the joints to solve this step (island.c fills the lists).
	int bodyCount, jointCount;
	double phaseMs[ttStepPhase_count];
} ttStepContext;

/// The context of a step of `dt` with the world's settings now; h = 0 (and the inverses 0) for a
/// world that has not stepped yet.
ttStepContext ttStepContext_Make( ttWorld* world, ttReal dt );

/// Run `statement` and add its wall time to the phase: the step reads as its list of phases and
/// the timing stays out of the way.
#define TT_PHASE( ctx, phase, statement )                                                                              \
	do                                                                                                                 \
	{                                                                                                                  \
		double ttPhaseStart_ = ttNowMilliseconds();                                                                    \
		statement;                                                                                                     \
		( ctx )->phaseMs[phase] += ttNowMilliseconds() - ttPhaseStart_;                                                \
	} while ( 0 )

/// Advance the world by one step of ctx->dt (step.c).
void ttStep( ttStepContext* ctx );
