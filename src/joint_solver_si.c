// SPDX-License-Identifier: MIT
// The velocity-level joint family (`si`): sequential impulses with warm starting (Jakab section
// 4.3, Catto "Modeling and solving constraints" 2009), inside the substep loop the way Box2D v3
// solves its joints:
//   before the positions move: rows at the substep's poses (joint_si_rows.c), warm start with
//     last substep's impulses, then `iterations` sweeps with the position error fed back;
//   as soon as the velocities are derived: `iterations` relax sweeps without the feedback of
//     rigid rows (so the push-out does not stay in the velocities), before the contacts' relax
//     and restitution, so that non-penetration has the last word (Box2D v3's order);
//   after the contacts' velocity pass: the joints' energy guard (joint_energy_guard.c: what the
//     sweeps leave unsolved must not become energy), joint damping, readouts.
// The rows of a block solve (K + G) dP = -(J v + b + G P) for the change dP of their accumulated
// impulses P (the constraint force mixing form of the Jakab paper, (K + c/h) h lambda =
// -(J v + b)), then clamp each P to its row's bounds; b is the position error C fed back and G the
// mixing, by row kind:
//   rigid rows, soft constraint of frequency f and damping ratio zeta (Catto, "Soft constraints",
//     GDC 2011; Box2D v3's soft step): b = C w / (2 zeta + h w) and G = K / (h w (2 zeta + h w)),
//     w = 2 pi f. G proportional to the block's own K makes every mode of the joint a spring of
//     frequency f on its own effective mass, and reproduces Box2D's mass and impulse scales
//     exactly. (A diagonal mixing K_ii / (...) per row would not: it softened a hinge's tangential
//     rows by the small inertia of the ball and lengthened a pendulum's period by 0.8 %.)
//   rigid rows, f = 0: Baumgarte's factor beta and CFM c: b = beta C / h, G = c / h on the diagonal;
//   a user compliance alpha, a spring of stiffness 1/alpha without damping: b = C / h and
//     G = alpha / h^2 on the diagonal (the velocity form of XPBD's alpha~ = alpha / h^2);
//   a limit not reached (C > 0): b = C / h, the speculative gap, no mixing, in both passes.
// The equality rows of a joint (rows[0 .. blockCount)) are solved together with an LDL^T
// factorisation of their (K + G) block, computed once per pass; engaged limits join that block
// (ttSolveBlock, active sets); drives and motors after it, one by one, within their force caps.
// Under the tree solve a tree's equalities and engaged limits are solved together over the whole
// tree (ttSolveTree, active sets over the tree), the rest of each joint after it.
#include "constraint.h"
#include "core.h"
#include "joint.h"
#include "joint_energy_guard.h"
#include "joint_si.h"
#include "joint_si_tree.h"
#include "joint_solver.h"
#include "world.h"

_Static_assert( sizeof( ( (ttJoint*)0 )->siImpulse ) / sizeof( ttReal ) == TT_SI_ROW_SLOTS,
                "ttJoint.siImpulse has one entry per row slot" );

typedef struct ttSiScratch
{
	ttSiJoint* joints;
	int capacity;
	ttSiTree* tree;     ///< the direct solve's groups (ttWorldDef.jointTreeSolve), NULL until used
	bool treeReady;     ///< this substep's groups are built and factored for the pass in progress
	bool treeBuilt;     ///< the groups of this step are found (the joint graph does not change within a step)
	bool treeHasLimits; ///< the factorisation holds engaged limits, not the pass's equalities alone
	/// Per joint, pointers into the joints' arrays for the direct solve.
	const ttReal** gammas;
	const ttReal** rhs;
	ttReal** solution;
	ttReal* storage; ///< TT_SI_ROW_SLOTS x 3 reals per joint behind those pointers
	int pointerCapacity, storageCapacity;
} ttSiScratch;

// ---------------------------------------------------------------------------------------------
// Rows

static ttVec3 ttInvInertiaTimes( const ttBody* body, ttVec3 v )
{
	if ( body->invMass == 0 || body->fixedRotation )
	{
		return TT_VEC3_ZERO;
	}
	return ttBody_ApplyInvInertia( body, v );
}

// J_i M^-1 J_j^T.
static ttReal ttCoupling( const ttBody* bodyA, const ttBody* bodyB, const ttSiRow* a, const ttSiRow* b )
{
	return bodyA->invMass * ttDot( a->linA, b->linA ) + ttDot( a->angA, b->invAngA ) +
	       bodyB->invMass * ttDot( a->linB, b->linB ) + ttDot( a->angB, b->invAngB );
}

static ttReal ttRowVelocity( const ttBody* bodyA, const ttBody* bodyB, const ttSiRow* row )
{
	return ttDot( row->linA, bodyA->v ) + ttDot( row->angA, bodyA->w ) + ttDot( row->linB, bodyB->v ) +
	       ttDot( row->angB, bodyB->w );
}

static void ttApplyRowImpulse( ttBody* bodyA, ttBody* bodyB, const ttSiRow* row, ttReal impulse )
{
	bodyA->v = ttMulAdd( bodyA->v, impulse * bodyA->invMass, row->linA );
	bodyA->w = ttMulAdd( bodyA->w, impulse, row->invAngA );
	bodyB->v = ttMulAdd( bodyB->v, impulse * bodyB->invMass, row->linB );
	bodyB->w = ttMulAdd( bodyB->w, impulse, row->invAngB );
}

// A row's feedback in the biased pass and in the relax pass.
static void ttRowSoftness( const ttWorld* world, const ttSiRow* row, ttReal h, ttSiSoftness* biased,
                           ttSiSoftness* relax )
{
	const ttSiSoftness plain = { 0, 0, 0 };
	switch ( row->kind )
	{
		case ttSiRow_spring:
			*biased = ( ttSiSoftness ){ 1 / h, row->compliance / ( h * h ), 0 };
			*relax = *biased;
			return;
		case ttSiRow_drive:
			if ( row->compliance > 0 )
			{
				*biased = ( ttSiSoftness ){ 1 / h, row->compliance / ( h * h ), 0 };
				*relax = *biased;
				return;
			}
			break;
		case ttSiRow_velocity:
			*biased = ( ttSiSoftness ){ 0, row->compliance / ( h * h ), 0 };
			*relax = *biased;
			return;
		case ttSiRow_limit:
			if ( row->error > 0 )
			{
				*biased = ( ttSiSoftness ){ 1 / h, 0, 0 };
				*relax = *biased;
				return;
			}
			break;
		case ttSiRow_rigid:
		default:
			break;
	}
	*relax = plain;
	bool drive = row->kind == ttSiRow_drive;
	if ( world->jointHertz > 0 )
	{
		// No stiffer than a quarter of the substep rate: stiffer soft constraints ring.
		ttReal omega = 2 * TT_PI * ttMinReal( world->jointHertz, (ttReal)0.25 / h );
		ttReal zeta = world->jointDampingRatio;
		ttReal a = h * omega * ( 2 * zeta + h * omega );
		*biased = ( ttSiSoftness ){ omega / ( 2 * zeta + h * omega ), 0, 1 / a };
	}
	else
	{
		*biased = ( ttSiSoftness ){ world->jointBaumgarte / h, world->jointCfm / h, 0 };
	}
	if ( drive )
	{
		*relax = *biased;
	}
}

// ---------------------------------------------------------------------------------------------
// The block: LDL^T (Jakab: Cholesky took square roots of small negative numbers from round-off;
// LDL^T needs none)

// The rows solved together: the equalities, and the one-sided rows (limits) that have not been
// dropped in this solve because their impulse would have turned negative.
static bool ttIsUnilateral( const ttSiRow* row )
{
	return row->lower == 0 && row->upper >= TT_HUGE;
}

static void ttFactorBlock( const ttSiJoint* sj, const int* index, int n, const ttSiSoftness* softness,
                           ttReal factor[][TT_SI_MAX_BLOCK], ttReal* invD )
{
	ttReal a[TT_SI_MAX_BLOCK][TT_SI_MAX_BLOCK];
	ttReal largest = 0;
	for ( int i = 0; i < n; ++i )
	{
		for ( int j = 0; j <= i; ++j )
		{
			const ttSiSoftness* si = softness + index[i];
			const ttSiSoftness* sj2 = softness + index[j];
			ttReal k = ttCoupling( sj->bodyA, sj->bodyB, sj->rows.rows + index[i], sj->rows.rows + index[j] );
			a[i][j] = k * ( 1 + ttSqrt( si->scale * sj2->scale ) ) + ( i == j ? si->gamma : 0 );
		}
		largest = ttMaxReal( largest, a[i][i] );
	}
	ttReal d[TT_SI_MAX_BLOCK];
	for ( int j = 0; j < n; ++j )
	{
		ttReal pivot = a[j][j];
		for ( int k = 0; k < j; ++k )
		{
			pivot -= factor[j][k] * factor[j][k] * d[k];
		}
		// A row that the others already fix (a body with fixed rotation under an angular row, or a
		// static pair) has no pivot left: it gets no impulse.
		bool dependent = pivot <= (ttReal)1e-9 * largest || pivot <= 0;
		d[j] = dependent ? 0 : pivot;
		invD[j] = dependent ? 0 : 1 / pivot;
		for ( int i = j + 1; i < n; ++i )
		{
			ttReal value = a[i][j];
			for ( int k = 0; k < j; ++k )
			{
				value -= factor[i][k] * factor[j][k] * d[k];
			}
			factor[i][j] = dependent ? 0 : value * invD[j];
		}
	}
}

static void ttSolveFactored( int n, const ttReal factor[][TT_SI_MAX_BLOCK], const ttReal* invD, ttReal* x )
{
	for ( int i = 0; i < n; ++i )
	{
		for ( int k = 0; k < i; ++k )
		{
			x[i] -= factor[i][k] * x[k];
		}
	}
	for ( int i = 0; i < n; ++i )
	{
		x[i] *= invD[i];
	}
	for ( int i = n - 1; i >= 0; --i )
	{
		for ( int k = i + 1; k < n; ++k )
		{
			x[i] -= factor[k][i] * x[k];
		}
	}
}

// ---------------------------------------------------------------------------------------------
// Solve

static ttSiScratch* ttGetScratch( ttWorld* world, int count )
{
	if ( world->siJoints == NULL )
	{
		world->siJoints = ttAlloc( sizeof( ttSiScratch ) );
		if ( world->siJoints == NULL )
		{
			return NULL;
		}
		*world->siJoints = ( ttSiScratch ){ 0 };
	}
	ttSiScratch* scratch = world->siJoints;
	if ( ttReserve( (void**)&scratch->joints, &scratch->capacity, count, sizeof( ttSiJoint ) ) == false )
	{
		return NULL;
	}
	return scratch;
}

// Rows, softness and the factorisation of the pass to come at the bodies' poses now; each row
// starts from `impulseBySlot`.
static void ttBuildJoint( ttWorld* world, ttSiJoint* sj, ttReal h, const ttReal* impulseBySlot, bool forRelax )
{
	ttSiJoint_BuildRows( world, sj->joint, h, &sj->rows );
	for ( int i = 0; i < sj->rows.count; ++i )
	{
		ttSiRow* row = sj->rows.rows + i;
		row->invAngA = ttInvInertiaTimes( sj->bodyA, row->angA );
		row->invAngB = ttInvInertiaTimes( sj->bodyB, row->angB );
		ttReal k = ttCoupling( sj->bodyA, sj->bodyB, row, row );
		row->effectiveMass = k > 0 ? 1 / k : 0;
		ttRowSoftness( world, row, h, sj->biased + i, sj->relax + i );
		sj->impulse[i] = impulseBySlot[row->slot];
	}
	// The equalities are the same in every sweep of a pass: factor them once.
	int n = sj->rows.blockCount;
	if ( n > 0 )
	{
		int index[TT_SI_MAX_BLOCK];
		for ( int i = 0; i < n; ++i )
		{
			index[i] = i;
		}
		if ( forRelax )
		{
			ttFactorBlock( sj, index, n, sj->relax, sj->factorRelax, sj->invDRelax );
		}
		else
		{
			ttFactorBlock( sj, index, n, sj->biased, sj->factorBiased, sj->invDBiased );
		}
	}
}

// The body of a joint whose guard group the joint's impulses are booked in: B if it is dynamic,
// else A; NULL where that one is not an awake dynamic body.
static ttBody* ttGuardMember( const ttSiJoint* sj )
{
	ttBody* member = sj->bodyB->type == ttBody_dynamic ? sj->bodyB : sj->bodyA;
	return member->type == ttBody_dynamic && member->awakeIndex >= 0 ? member : NULL;
}

// Where the energy guard (or the bound on the biased move) left its group a share of the joints'
// velocity (jointGuardKept), the impulses that made it keep the same share.
static void ttKeepGuardedShare( ttSiJoint* sj )
{
	const ttBody* member = ttGuardMember( sj );
	ttReal kept = member != NULL ? member->jointGuardKept : 1;
	for ( int i = 0; kept != 1 && i < sj->rows.count; ++i )
	{
		sj->impulse[i] *= kept;
	}
}

static void ttPrepareJoint( ttWorld* world, ttSiJoint* sj, ttReal h )
{
	sj->inTree = false;
	ttBuildJoint( world, sj, h, sj->joint->siImpulse, false );
	// What the position feedback asks for (ttJointEnergyGuard_BoundBiasedMove): b^2 / 2K a row.
	ttReal feedback = 0;
	for ( int i = 0; i < sj->rows.count; ++i )
	{
		const ttSiRow* row = sj->rows.rows + i;
		bool speculative = row->kind == ttSiRow_limit && row->error > 0; // a gap, not an error
		if ( speculative == false && row->kind != ttSiRow_velocity )
		{
			ttReal b = sj->biased[i].biasRate * row->error;
			feedback += (ttReal)0.5 * b * b * row->effectiveMass;
		}
	}
	ttBody* member = ttGuardMember( sj );
	if ( member != NULL )
	{
		member->jointFeedbackEnergy += feedback;
	}
	// Warm start: last substep's impulses at this substep's rows.
	for ( int i = 0; i < sj->rows.count; ++i )
	{
		if ( sj->impulse[i] != 0 )
		{
			ttApplyRowImpulse( sj->bodyA, sj->bodyB, sj->rows.rows + i, sj->impulse[i] );
		}
	}
}

// Before the relax pass: the rows again at the poses the positions moved to, keeping each slot's
// impulse. Relaxed at the substep's first poses, a joint's impulse along its old direction acts at
// the moved bodies with a moment: two balls on a rod spinning in zero gravity lost 1.3 % of their
// angular momentum (and 2.6 % of their energy) in 2 s. Box2D's soft step likewise solves at the
// current relative poses.
static void ttRebuildJoint( ttWorld* world, ttSiJoint* sj, ttReal h )
{
	ttReal bySlot[TT_SI_ROW_SLOTS] = { 0 };
	for ( int i = 0; i < sj->rows.count; ++i )
	{
		bySlot[sj->rows.rows[i].slot] = sj->impulse[i];
	}
	ttBuildJoint( world, sj, h, bySlot, true );
}

// The right-hand side -(J v + b + (G P)_i) of row i of a block (the rows `index[0 .. n)`).
static ttReal ttRowRhs( const ttSiJoint* sj, int i, const ttSiSoftness* softness, const int* index, int n )
{
	const ttSiRow* row = sj->rows.rows + i;
	const ttSiSoftness* soft = softness + i;
	ttReal b = row->kind == ttSiRow_velocity ? -row->targetVelocity : soft->biasRate * row->error;
	ttReal mixing = soft->gamma * sj->impulse[i];
	if ( soft->scale > 0 )
	{
		for ( int k = 0; k < n; ++k )
		{
			int j = index[k];
			if ( softness[j].scale > 0 && sj->impulse[j] != 0 )
			{
				mixing += ttSqrt( soft->scale * softness[j].scale ) *
				          ttCoupling( sj->bodyA, sj->bodyB, row, sj->rows.rows + j ) * sj->impulse[j];
			}
		}
	}
	return -( ttRowVelocity( sj->bodyA, sj->bodyB, row ) + b + mixing );
}

static void ttChangeImpulse( ttSiJoint* sj, int i, ttReal delta )
{
	sj->impulse[i] += delta;
	ttApplyRowImpulse( sj->bodyA, sj->bodyB, sj->rows.rows + i, delta );
}

// Whether a limit takes part in this solve: it pushes already (warm started), or the bodies move
// toward it faster than its speculative gap (or its error) allows.
static bool ttLimitEngaged( const ttSiJoint* sj, int i, const ttSiSoftness* softness )
{
	const ttSiRow* row = sj->rows.rows + i;
	if ( ttIsUnilateral( row ) == false || row->effectiveMass == 0 )
	{
		return false;
	}
	ttReal approach = ttRowVelocity( sj->bodyA, sj->bodyB, row ) + softness[i].biasRate * row->error;
	return sj->impulse[i] > 0 || approach < 0;
}

// Whether row i of a joint was solved with its tree in this sweep (an engaged limit).
static bool ttTreeSolvesLimit( const ttSiJoint* sj, int i )
{
	for ( int k = sj->rows.blockCount; k < sj->treeRowCount; ++k )
	{
		if ( sj->treeRows[k] == i )
		{
			return true;
		}
	}
	return false;
}

// The equalities and the engaged limits of a joint together, as a small mixed complementarity
// problem solved by active sets: solve with them all in the block; if some limit's accumulated
// impulse would turn negative, release the worst one (its impulse set to zero) and solve the rest
// again. Solved one by one after the equalities instead, a limit acts against the small effective
// mass of its own row (a pendulum's bob spinning about its centre) and the pivot never learns of
// it: a pendulum falling onto a hinge stop passed it by 5 degrees.
static void ttSolveBlock( ttSiJoint* sj, const ttSiSoftness* softness, bool useBias )
{
	int candidates[TT_SI_MAX_BLOCK], candidateCount = 0;
	bool limitsInBlock = false;
	for ( int i = 0; i < sj->rows.count && candidateCount < TT_SI_MAX_BLOCK; ++i )
	{
		// A joint of a directly solved tree has had its equalities (and the limits engaged as that
		// solve began) solved with the whole tree.
		if ( sj->inTree && ( i < sj->rows.blockCount || ttTreeSolvesLimit( sj, i ) ) )
		{
			continue;
		}
		if ( i < sj->rows.blockCount )
		{
			candidates[candidateCount++] = i;
		}
		else if ( ttLimitEngaged( sj, i, softness ) )
		{
			candidates[candidateCount++] = i;
			limitsInBlock = true;
		}
		else if ( ttIsUnilateral( sj->rows.rows + i ) && sj->impulse[i] != 0 )
		{
			ttChangeImpulse( sj, i, -sj->impulse[i] );
		}
	}
	bool released[TT_SI_ROW_SLOTS] = { false };
	for ( int attempt = 0; attempt <= candidateCount; ++attempt )
	{
		int index[TT_SI_MAX_BLOCK], n = 0;
		for ( int k = 0; k < candidateCount; ++k )
		{
			if ( released[candidates[k]] == false )
			{
				index[n++] = candidates[k];
			}
		}
		if ( n == 0 )
		{
			return;
		}
		ttReal x[TT_SI_MAX_BLOCK];
		for ( int k = 0; k < n; ++k )
		{
			x[k] = ttRowRhs( sj, index[k], softness, index, n );
		}
		if ( limitsInBlock )
		{
			ttReal factor[TT_SI_MAX_BLOCK][TT_SI_MAX_BLOCK], invD[TT_SI_MAX_BLOCK];
			ttFactorBlock( sj, index, n, softness, factor, invD );
			ttSolveFactored( n, factor, invD, x );
		}
		else
		{
			ttSolveFactored( n, useBias ? sj->factorBiased : sj->factorRelax, useBias ? sj->invDBiased : sj->invDRelax,
			                 x );
		}
		int worst = -1;
		ttReal worstImpulse = 0;
		for ( int k = 0; k < n; ++k )
		{
			int i = index[k];
			if ( i >= sj->rows.blockCount && sj->impulse[i] + x[k] < worstImpulse )
			{
				worst = i;
				worstImpulse = sj->impulse[i] + x[k];
			}
		}
		if ( worst >= 0 )
		{
			// The released row no longer pushes: solve the others at the new velocities.
			released[worst] = true;
			ttChangeImpulse( sj, worst, -sj->impulse[worst] );
			continue;
		}
		for ( int k = 0; k < n; ++k )
		{
			int i = index[k];
			ttChangeImpulse( sj, i, x[k] );
		}
		return;
	}
}

static void ttSolveJoint( ttSiJoint* sj, bool useBias )
{
	const ttSiSoftness* softness = useBias ? sj->biased : sj->relax;
	ttSolveBlock( sj, softness, useBias );
	// Drives and motors one by one, their impulses within the force or torque cap.
	for ( int i = sj->rows.blockCount; i < sj->rows.count; ++i )
	{
		const ttSiRow* row = sj->rows.rows + i;
		if ( row->effectiveMass == 0 || ttIsUnilateral( row ) )
		{
			continue;
		}
		const ttSiSoftness* soft = softness + i;
		ttReal x = ttRowRhs( sj, i, softness, &i, 1 ) / ( ( 1 + soft->scale ) / row->effectiveMass + soft->gamma );
		ttReal accumulated = ttClampReal( sj->impulse[i] + x, row->lower, row->upper );
		ttChangeImpulse( sj, i, accumulated - sj->impulse[i] );
	}
}

// Force and torque on B over the substep (N, N m): the impulses of the translation rows along
// their directions and of the rotation rows about their axes, over h. Each slot keeps its impulse
// for the next substep's warm start; slots without a row this substep start from zero.
static void ttFinishJoint( ttSiJoint* sj, ttReal h )
{
	ttJoint* joint = sj->joint;
	// Where the energy guard took out a share of the joints' velocity, the impulses that made it
	// keep the same share: warm started whole, the next substep put back what the guard took out,
	// and a light body's error grew until the positions overflowed (seed 1, scene 227 with the
	// tree solve).
	ttKeepGuardedShare( sj );
	ttVec3 linear = TT_VEC3_ZERO, angular = TT_VEC3_ZERO;
	for ( int s = 0; s < TT_SI_ROW_SLOTS; ++s )
	{
		joint->siImpulse[s] = 0;
	}
	for ( int i = 0; i < sj->rows.count; ++i )
	{
		const ttSiRow* row = sj->rows.rows + i;
		joint->siImpulse[row->slot] = sj->impulse[i];
		if ( row->angularOnly )
		{
			angular = ttMulAdd( angular, sj->impulse[i], row->angB );
		}
		else
		{
			linear = ttMulAdd( linear, sj->impulse[i], row->linB );
		}
	}
	joint->force = ttScale( 1 / h, linear );
	joint->torque = ttScale( 1 / h, angular );
}

// ---------------------------------------------------------------------------------------------
// The direct solve of trees (ttWorldDef.jointTreeSolve, joint_si_tree.c)

static bool ttReserveTreePointers( ttSiScratch* scratch, int count )
{
	if ( ttReserve( (void**)&scratch->storage, &scratch->storageCapacity, 3 * TT_SI_ROW_SLOTS * count,
	                sizeof( ttReal ) ) == false )
	{
		return false;
	}
	int capacity = scratch->pointerCapacity;
	bool ok = ttReserve( (void**)&scratch->gammas, &capacity, count, sizeof( ttReal* ) );
	capacity = scratch->pointerCapacity;
	ok = ok && ttReserve( (void**)&scratch->rhs, &capacity, count, sizeof( ttReal* ) );
	capacity = scratch->pointerCapacity;
	ok = ok && ttReserve( (void**)&scratch->solution, &capacity, count, sizeof( ttReal* ) );
	if ( ok )
	{
		scratch->pointerCapacity = capacity;
	}
	return ok;
}

// Each joint's node holds its equalities alone: as every pass begins, and where a block with
// limits in it is singular.
static void ttTreeEqualitiesOnly( ttSiJoint* sj )
{
	sj->treeRowCount = sj->rows.blockCount;
	for ( int i = 0; i < sj->rows.blockCount; ++i )
	{
		sj->treeRows[i] = i;
	}
}

// Factor the groups with each joint's rows in the solve (ttSiJoint.treeRows).
static bool ttFactorTreeRows( ttWorld* world, ttSiScratch* scratch, int count, bool useBias )
{
	for ( int j = 0; j < count; ++j )
	{
		const ttSiJoint* sj = scratch->joints + j;
		const ttSiSoftness* softness = useBias ? sj->biased : sj->relax;
		ttReal* gamma = (ttReal*)scratch->gammas[j];
		for ( int k = 0; k < sj->treeRowCount; ++k )
		{
			gamma[k] = softness[sj->treeRows[k]].gamma;
		}
	}
	return ttSiTree_Factor( scratch->tree, world, scratch->joints, scratch->gammas );
}

// Factor the groups' equalities for a pass; on a singular block every joint goes back to the
// iterations.
static void ttFactorTree( ttWorld* world, ttSiScratch* scratch, int count, bool useBias )
{
	for ( int j = 0; j < count; ++j )
	{
		ttTreeEqualitiesOnly( scratch->joints + j );
	}
	scratch->treeReady = ttFactorTreeRows( world, scratch, count, useBias );
	scratch->treeHasLimits = false;
	for ( int j = 0; j < count; ++j )
	{
		scratch->joints[j].inTree = scratch->treeReady && ttSiTree_Contains( scratch->tree, j );
	}
}

static void ttPrepareTree( ttWorld* world, ttSiScratch* scratch, int count )
{
	scratch->treeReady = false;
	if ( world->jointTreeSolve == false || count == 0 )
	{
		return;
	}
	if ( scratch->treeBuilt == false )
	{
		if ( ttReserveTreePointers( scratch, count ) == false ||
		     ttSiTree_Build( world, &scratch->tree, scratch->joints, count ) == false )
		{
			ttReportError( "ttWorld_Step", "out of memory: the joint trees are solved by iterations this step" );
			return;
		}
		scratch->treeBuilt = true;
	}
	for ( int j = 0; j < count; ++j )
	{
		ttReal* base = scratch->storage + 3 * TT_SI_ROW_SLOTS * j;
		scratch->gammas[j] = base;
		scratch->rhs[j] = base + TT_SI_ROW_SLOTS;
		scratch->solution[j] = base + 2 * TT_SI_ROW_SLOTS;
	}
	ttFactorTree( world, scratch, count, true );
}

// Factor the groups with each joint's rows in the solve (its equalities and engaged limits).
// Where that block is singular (dependent rows with the limits in), the limits are solved joint by
// joint after the tree, as the pass's factorisation of the equalities (which succeeded) is restored.
static void ttFactorTreeWithLimits( ttWorld* world, ttSiScratch* scratch, int count, bool useBias )
{
	if ( ttFactorTreeRows( world, scratch, count, useBias ) )
	{
		return;
	}
	for ( int j = 0; j < count; ++j )
	{
		ttTreeEqualitiesOnly( scratch->joints + j );
	}
	scratch->treeHasLimits = false;
	ttFactorTreeRows( world, scratch, count, useBias );
}

// The limits engaged now join their joints' nodes (refactored only when a node changed, so a tree
// without a limit at work is solved with the pass's factorisation, bit for bit as before).
static void ttJoinEngagedLimits( ttWorld* world, ttSiScratch* scratch, int count, bool useBias )
{
	bool limits = false;
	for ( int j = 0; j < count; ++j )
	{
		ttSiJoint* sj = scratch->joints + j;
		sj->treeRowCount = sj->rows.blockCount;
		if ( sj->inTree == false )
		{
			continue;
		}
		const ttSiSoftness* softness = useBias ? sj->biased : sj->relax;
		for ( int i = sj->rows.blockCount; i < sj->rows.count && sj->treeRowCount < TT_SI_TREE_MAX_ROWS; ++i )
		{
			if ( ttLimitEngaged( sj, i, softness ) )
			{
				sj->treeRows[sj->treeRowCount++] = i;
				limits = true;
			}
		}
	}
	if ( limits == false && scratch->treeHasLimits == false )
	{
		return;
	}
	scratch->treeHasLimits = limits;
	ttFactorTreeWithLimits( world, scratch, count, useBias );
}

// Row k of a joint's node leaves the solve: its accumulated impulse goes, and the tree is
// factored without it.
static void ttReleaseTreeLimit( ttWorld* world, ttSiScratch* scratch, int count, bool useBias, ttSiJoint* sj, int k )
{
	int i = sj->treeRows[k];
	ttChangeImpulse( sj, i, -sj->impulse[i] );
	for ( int m = k + 1; m < sj->treeRowCount; ++m )
	{
		sj->treeRows[m - 1] = sj->treeRows[m];
	}
	sj->treeRowCount -= 1;
	ttFactorTreeWithLimits( world, scratch, count, useBias );
}

// The right-hand side -(J v + b + gamma P) of every row in the trees' solve, at the velocities now.
static void ttTreeRhs( ttSiScratch* scratch, int count, bool useBias )
{
	for ( int j = 0; j < count; ++j )
	{
		const ttSiJoint* sj = scratch->joints + j;
		if ( sj->inTree == false )
		{
			continue;
		}
		const ttSiSoftness* softness = useBias ? sj->biased : sj->relax;
		ttReal* rhs = (ttReal*)scratch->rhs[j];
		for ( int k = 0; k < sj->treeRowCount; ++k )
		{
			int i = sj->treeRows[k];
			const ttSiRow* row = sj->rows.rows + i;
			const ttSiSoftness* soft = softness + i;
			rhs[k] = -( ttRowVelocity( sj->bodyA, sj->bodyB, row ) + soft->biasRate * row->error +
			            soft->gamma * sj->impulse[i] );
		}
	}
}

// Apply the trees' solution. Rigid rows of a soft constraint take the scalar form of their
// mixing: with P' the plain solution, dP = (P' - c P) / (1 + c), which is the block solve of
// (1 + c) K dP = r - c K P (see the top of the file).
static void ttApplyTreeSolution( ttSiScratch* scratch, int count, bool useBias )
{
	for ( int j = 0; j < count; ++j )
	{
		ttSiJoint* sj = scratch->joints + j;
		if ( sj->inTree == false )
		{
			continue;
		}
		const ttSiSoftness* softness = useBias ? sj->biased : sj->relax;
		for ( int k = 0; k < sj->treeRowCount; ++k )
		{
			int i = sj->treeRows[k];
			ttReal c = softness[i].scale;
			ttReal x = scratch->solution[j][k];
			ttChangeImpulse( sj, i, c > 0 ? ( x - c * sj->impulse[i] ) / ( 1 + c ) : x );
		}
	}
}

// One exact solve of every tree's equalities and engaged limits, the limits by active sets as in
// ttSolveBlock: where a limit's accumulated impulse would turn negative (its new impulse has the
// sign of P + P', since P + dP = (P + P') / (1 + c)), the worst one of the whole solve is released
// and the rest solved again.
static void ttSolveTree( ttWorld* world, ttSiScratch* scratch, int count, bool useBias )
{
	if ( scratch->treeReady == false )
	{
		return;
	}
	ttJoinEngagedLimits( world, scratch, count, useBias );
	for ( int attempt = 0; attempt <= count * TT_SI_TREE_MAX_ROWS; ++attempt )
	{
		ttTreeRhs( scratch, count, useBias );
		ttSiTree_Solve( scratch->tree, scratch->rhs, scratch->solution );
		ttSiJoint* worstJoint = NULL;
		int worstRow = -1;
		ttReal worstImpulse = 0;
		for ( int j = 0; j < count; ++j )
		{
			ttSiJoint* sj = scratch->joints + j;
			for ( int k = sj->rows.blockCount; sj->inTree && k < sj->treeRowCount; ++k )
			{
				ttReal impulse = sj->impulse[sj->treeRows[k]] + scratch->solution[j][k];
				if ( impulse < worstImpulse )
				{
					worstJoint = sj;
					worstRow = k;
					worstImpulse = impulse;
				}
			}
		}
		if ( worstJoint == NULL )
		{
			break;
		}
		ttReleaseTreeLimit( world, scratch, count, useBias, worstJoint, worstRow );
	}
	ttApplyTreeSolution( scratch, count, useBias );
}

// ---------------------------------------------------------------------------------------------
// The family's hooks

static ttSiScratch* ttSiScratchOf( ttStepContext* ctx )
{
	return ctx->world->siJoints;
}

static void ttSiJoints_Prepare( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	if ( ttGetScratch( world, ctx->jointCount ) == NULL )
	{
		ttReportError( "ttWorld_Step", "out of memory: the velocity-level joints are not solved this step" );
		ctx->jointCount = 0;
		return;
	}
	ttSiScratch* scratch = ttSiScratchOf( ctx );
	scratch->treeBuilt = false;
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttSiJoint* sj = scratch->joints + j;
		sj->joint = ttWorld_Joint( world, world->awakeJoints[j] );
		sj->bodyA = ttWorld_Body( world, sj->joint->bodyA );
		sj->bodyB = ttWorld_Body( world, sj->joint->bodyB );
		ttJoint_Prepare( world, sj->joint );
	}
}

// Before the velocities are integrated: the prismatic force drive acts like an external force.
static void ttSiJoints_BeginSubstep( ttStepContext* ctx )
{
	ttJointEnergyGuard_BeginSubstep( ctx );
	ttSiScratch* scratch = ttSiScratchOf( ctx );
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint* joint = scratch->joints[j].joint;
		if ( joint->type == ttJoint_prismatic && joint->prismatic.driveForce != 0 )
		{
			ttPrismaticJoint_ApplyDriveForce( ctx->world, joint, ctx->h );
		}
	}
}

static void ttSiJoints_SolveBeforePositions( ttStepContext* ctx )
{
	ttSiScratch* scratch = ttSiScratchOf( ctx );
	ttJointEnergyGuard_BeforeImpulses( ctx ); // the warm start is the joints' too
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttPrepareJoint( ctx->world, scratch->joints + j, ctx->h );
	}
	ttPrepareTree( ctx->world, scratch, ctx->jointCount );
	for ( int iteration = 0; iteration < ctx->iterations; ++iteration )
	{
		ttSolveTree( ctx->world, scratch, ctx->jointCount, true );
		for ( int j = 0; j < ctx->jointCount; ++j )
		{
			ttSolveJoint( scratch->joints + j, true );
		}
	}
	ttJointEnergyGuard_BoundBiasedMove( ctx );
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttKeepGuardedShare( scratch->joints + j ); // the share of the biased velocity the bound left
	}
	ttJointEnergyGuard_AfterBiasedImpulses( ctx );
}

// Right after the velocities are derived (afterDeriveVelocities): the relax pass, before the
// contacts' velocity pass. Run after it, as until 2026-11-28, the joints' relax undid part of the
// contacts' answer and the energy guard counted only the joints' part of the substep: 4 of the
// first 600 random scenes with contacts ran away (tether-soak, seed 1; 5 of seed 3).
static void ttSiJoints_Relax( ttStepContext* ctx )
{
	ttSiScratch* scratch = ttSiScratchOf( ctx );
	ttJointEnergyGuard_BeforeRelax( ctx );
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttRebuildJoint( ctx->world, scratch->joints + j, ctx->h );
	}
	if ( scratch->treeReady )
	{
		ttFactorTree( ctx->world, scratch, ctx->jointCount, false );
	}
	for ( int iteration = 0; iteration < ctx->iterations; ++iteration )
	{
		ttSolveTree( ctx->world, scratch, ctx->jointCount, false );
		for ( int j = 0; j < ctx->jointCount; ++j )
		{
			ttSolveJoint( scratch->joints + j, false );
		}
	}
}

// A limit that pushed in this substep stopped its bodies as an inelastic stop does: what the group
// lost then is the stop's, not the joints' to give back later, so the guard books it as it books an
// impact the contacts answered (jointAnswered: the account only shrinks). Credited, a 143 kg box
// stopped at a prismatic limit (700 J taken) had that energy put back by the position feedback
// over the next steps, within the account, while its joint errors grew to metres and jumped the
// chain kilometres (test_joint_contact_energy part 3, seed 23039 under the tree solve, 1.1e3
// times its reach).
static void ttMarkLimitStops( ttSiScratch* scratch, int count )
{
	for ( int j = 0; j < count; ++j )
	{
		ttSiJoint* sj = scratch->joints + j;
		for ( int i = sj->rows.blockCount; i < sj->rows.count; ++i )
		{
			if ( ttIsUnilateral( sj->rows.rows + i ) && sj->impulse[i] > 0 )
			{
				// Only awake dynamic bodies: the guard resets and reads the flag on those alone.
				sj->bodyA->jointAnswered = sj->bodyA->jointAnswered || sj->bodyA->awakeIndex >= 0;
				sj->bodyB->jointAnswered = sj->bodyB->jointAnswered || sj->bodyB->awakeIndex >= 0;
			}
		}
	}
}

// After the contacts' velocity pass: the guard over everything the substep did to the velocities
// since the biased pass began (the joints' impulses and the contacts' answer to them), then joint
// damping and the readouts.
static void ttSiJoints_SolveVelocities( ttStepContext* ctx )
{
	ttSiScratch* scratch = ttSiScratchOf( ctx );
	ttJointEnergyGuard_AfterImpulses( ctx );
	// A ledger of the energy symplectic Euler keeps (joint_energy_guard.h): against E itself and
	// with XPBD's fading account, the 10 degree pendulum of test_si_joints lost 5.8 % of its swing
	// in 10 periods (0.46 % without a guard); with this policy the guard leaves it alone.
	// In float the account fades as XPBD's: summed over thousands of substeps, the rounding of the
	// energies (1e-3 of them) grew a ledger that gave back energy never taken (a hinge chain 37 J
	// above its start against 1,810 J of kinetic energy; fading: within the bound). Its debts fade
	// by 0.999 a substep, as XPBD's (joint_solver_xpbd.c): a chain on the world that even none of
	// the impulses' velocity brought back to its account (a 49 kg box on a 0.2 kg one welded to the
	// world, 5 J above at 3.8 kJ of kinetic energy a substep) left up to one tolerance owed, and
	// fading by 0.9 a tenth of it passed for good every substep: 208 J in 3 s, 5 times the bound of
	// test_joint_contact_energy part 3 (seed 20038; 2 and 0 of its 360 and 360 chains above, under
	// the tree solve 1 and 0; now none). The float pendulum above then loses 0.67 % of its swing
	// in 10 periods instead of 0.39 %.
	// The biased pass moves the positions with the velocity it gave (its position feedback), before
	// the guard sees it, so it lifts as XPBD's projections do and takes back the lift the same way
	// (takeBackLift): a 1.7 kg box welded to the world and to an 88 kg box, held at rest by the
	// guard, was lifted by the feedback 754 J in 60 steps (test_joint_contact_energy part 3, seed
	// 20001), and a prismatic chain under the tree solve rose 2.8e5 J (seed 23016).
	static const ttJointGuardPolicy guard = { TT_REAL_IS_FLOAT ? (ttReal)0.9 : 1,   0,    true, true, true, true,
	                                          TT_REAL_IS_FLOAT ? (ttReal)0.999 : 0, false };
	ttMarkLimitStops( scratch, ctx->jointCount );
	ttJointEnergyGuard_Apply( ctx, &guard );
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttSiJoint* sj = scratch->joints + j;
		ttJoint_SolveVelocities( ctx->world, sj->joint, ctx->h ); // joint damping, as in the XPBD family
		ttFinishJoint( sj, ctx->h );
	}
}

static void ttSiJoints_Destroy( ttWorld* world )
{
	if ( world->siJoints != NULL )
	{
		ttSiTree_Destroy( world->siJoints->tree );
		ttFree( world->siJoints->gammas );
		ttFree( world->siJoints->rhs );
		ttFree( world->siJoints->solution );
		ttFree( world->siJoints->storage );
		ttFree( world->siJoints->joints );
		ttFree( world->siJoints );
		world->siJoints = NULL;
	}
}

const ttJointFamily ttSiJoints = {
    .name = "si",
    .pinsBodies = false, // its impulses act through the pivot at the poses they are solved at
    .prepare = ttSiJoints_Prepare,
    .beginSubstep = ttSiJoints_BeginSubstep,
    .solveBeforePositions = ttSiJoints_SolveBeforePositions,
    .solvePositions = NULL,
    .afterDeriveVelocities = ttSiJoints_Relax,
    .solveVelocities = ttSiJoints_SolveVelocities,
    .destroy = ttSiJoints_Destroy,
};
