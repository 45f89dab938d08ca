// SPDX-License-Identifier: MIT
// Velocity-level joints by sequential impulses (Jakab, "Real-Time Rigid Body Simulation with
// Constraints", section 4; Catto, "Soft constraints", GDC 2011): every joint type becomes a set of
// constraint rows J v + b = 0 at the poses the substep starts from. Rows that are equalities are
// solved together per joint as one block (point 3x3, weld 6x6, hinge and prismatic 5x5) by an LDL^T
// factorisation computed once per substep; limits, motors and drives are scalar rows with bounds
// on their accumulated impulse.
#pragma once

#include "tether/types.h"

typedef struct ttWorld ttWorld;
typedef struct ttBody ttBody;
typedef struct ttJoint ttJoint;

/// Row slots of one joint: a row keeps its slot from substep to substep (and step to step), so
/// that its accumulated impulse warm-starts the next solve.
#define TT_SI_ROW_SLOTS 10
#define TT_SI_MAX_BLOCK TT_SI_ROW_SLOTS

/// How a row feeds its position error back into the velocity solve. Each row's solve is
/// dP = -(J v + beta/h C + gamma P) / (K + gamma), the constraint-force-mixing form of the Jakab
/// paper's eq. (K + c/h) h lambda = -(J v + b) with accumulated impulse P = h lambda.
typedef enum ttSiRowKind
{
	ttSiRow_rigid,    ///< position error by the world's joint softness (soft constraint or Baumgarte)
	ttSiRow_spring,   ///< a user compliance alpha: a spring of stiffness 1/alpha (beta = 1, gamma = alpha/h^2)
	ttSiRow_limit,    ///< one-sided rigid row: speculative while C > 0 (the bodies may close the gap)
	ttSiRow_velocity, ///< a velocity target (motor): no position error
	/// A target position (hinge target angle, prismatic position drive): a spring of the user's
	/// compliance, or with compliance 0 of the world's joint softness, in both passes (it is a
	/// load the user asked for, not a stabilisation to take out of the velocities).
	ttSiRow_drive,
} ttSiRowKind;

typedef struct ttSiRow
{
	ttSiRowKind kind;
	int slot;         ///< index into the joint's impulse slots
	bool angularOnly; ///< a rotation row: its impulse counts as torque in the readout
	/// Jacobian: J v = linA.vA + angA.wA + linB.vB + angB.wB.
	ttVec3 linA, angA, linB, angB;
	ttVec3 invAngA, invAngB; ///< I^-1 angA, I^-1 angB, world
	ttReal error;            ///< C at the start of the substep
	ttReal compliance;       ///< ttSiRow_spring and ttSiRow_velocity: alpha (0 for a rigid motor)
	ttReal targetVelocity;   ///< ttSiRow_velocity: the J v the motor drives toward
	ttReal lower, upper;     ///< bounds of the accumulated impulse in one substep, N s
	ttReal effectiveMass;    ///< 1 / K
} ttSiRow;

/// The rows of one joint for one substep; equality rows first (rows[0 .. blockCount)).
typedef struct ttSiJointRows
{
	ttSiRow rows[TT_SI_ROW_SLOTS];
	int count, blockCount;
} ttSiJointRows;

// The feedback of one row in one pass (joint_solver_si.c).
typedef struct ttSiSoftness
{
	ttReal biasRate; ///< b = biasRate C (C / h for the speculative part of a limit)
	ttReal gamma;    ///< diagonal mixing
	ttReal scale;    ///< mixing proportional to K: G_ij += sqrt(scale_i scale_j) K_ij
} ttSiSoftness;

/// One joint's rows, impulses and factorisations for one substep.
typedef struct ttSiJoint
{
	ttJoint* joint;
	ttBody* bodyA;
	ttBody* bodyB;
	ttSiJointRows rows;
	ttReal impulse[TT_SI_ROW_SLOTS]; ///< accumulated this substep, by row (not slot)
	ttSiSoftness biased[TT_SI_ROW_SLOTS], relax[TT_SI_ROW_SLOTS];
	/// The LDL^T of the equality block for the biased solve and for the relax pass (whose rigid
	/// rows have no softness): unit lower triangle (below the diagonal) and 1/D (0 for a dependent
	/// row). A block that engaged limits join is factored again in that solve.
	ttReal factorBiased[TT_SI_MAX_BLOCK][TT_SI_MAX_BLOCK], invDBiased[TT_SI_MAX_BLOCK];
	ttReal factorRelax[TT_SI_MAX_BLOCK][TT_SI_MAX_BLOCK], invDRelax[TT_SI_MAX_BLOCK];
	bool inTree; ///< its equalities are solved directly (joint_si_tree.c)
	/// The rows of its node in the direct solve, by row index: the equalities, then the limits
	/// engaged when the solve began (at most TT_SI_TREE_MAX_ROWS). A limit solved there is solved
	/// against the whole tree's mass; solved alone after it, it pushed only its own joint's bodies
	/// and the tree's next solve handed the push on to the heavy body beyond.
	int treeRows[TT_SI_MAX_BLOCK];
	int treeRowCount;
} ttSiJoint;

/// The most rows one joint brings to the direct solve (a body's six degrees of freedom).
#define TT_SI_TREE_MAX_ROWS 6

/// Build the rows of a joint at the bodies' current poses, for a substep of length h
/// (joint_si_rows.c). Bounds in N s: a motor's torque cap times h.
/// A path joint also remembers where on its curve the point is (the next search starts there).
void ttSiJoint_BuildRows( ttWorld* world, ttJoint* joint, ttReal h, ttSiJointRows* out );
