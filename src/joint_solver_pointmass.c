// SPDX-License-Identifier: MIT
// The point-mass joint family (`pointmass`), after van Overveld and Barenbrug, "All you need is
// force" (sections 2.2-2.4). A position-level family like XPBD: its solve runs in every iteration
// of every substep, after the contacts.
//
// Each dynamic body a joint touches is, for the length of one solve, a frame of point coordinates:
// the centre c and three basis vectors B_j along the principal axes with |B_j| = beta_j =
// sqrt(J_j), J_j = (I_k + I_l - I_j) / 2 the second moments of the mass about the principal
// planes, so that the generalised mass of every B_j is 1 (eqs. 5-9). A body point is
// p = c + sum_j rho_j B_j with rho_j = u_j / beta_j, u the point's principal coordinates.
//
// Joints are shared points (point-to-point constraints, PTP): a spherical joint one at its anchor;
// a hinge a line hinge, two at anchor +- a x (x the hinge axis); a fixed joint three at anchor,
// anchor + a x, anchor + a y; a distance joint a length between its anchors. A PTP between body
// points p_k (on A) and p_l (on B) is solved by eq. 22, F = (M_k + M_l)^-1 (p_l - p_k), with M the
// displacement of a point per unit force, 1/m E - [r]x I^-1 [r]x. F moves c by F/m and turns
// every B_j by (I^-1 (r x F)) x B_j (eqs. 19-20 linearised); the rigidity constraints
// (B_j . B_k = 0, |B_j| = beta_j, eq. 12's Lambda and lambda) then restore the frame by
// projections with unit generalised masses, three passes (the paper uses 2-4).
//
// The forces act along the directions of time t, the substep's start (eq. 12 evaluates its
// correction terms "(t)", and eq. 21's matrices come from the frame the force is applied to):
// the lever r, I^-1 and the B_j that a turn or a rigidity multiplier moves along are the frame at
// the substep's start, the errors are measured at the current frame. The iteration is then a
// chord method on the constraints of t + h (as SHAKE is for molecules) and the energy stays
// bounded: a cube hung by a vertex at one substep of 1/60 s keeps its swing energy within
// +-1.7 % over 10000 frames with no trend. Taking lever and directions from the current frame
// instead (a Newton step, as XPBD does) removed the PTP error in the same two iterations but lost
// 78 % of that swing in 1000 frames, exactly as the XPBD family does.
//
// The points of a line hinge or a weld are solved together (ttPm_SolveBlock), with eq. 23's
// condition (equal force components along the line through two points) fixing the forces that
// the points leave free. The paper carries forces from one frame into the next (F^0 = F(t - h)),
// where that free pair could grow; tether starts every substep from zero, as XPBD does.
//
// A path joint is a point of B's constellation on a curve of A (section 2.6, ttPm_SolvePath): a
// PTP to the curve point whose force is normal to the curve at the substep's start, with the
// limits along the curve as a whole PTP and the motor as a capped force along it.
//
// The rotation of every awake dynamic body is the paper's Verlet of the axes (eqs. 10-12,
// joint_pointmass_verlet.c, in the hook before the positions move): B_j(t + h) = 2 B_j(t) -
// B_j(t - h) plus the turn of the body's torque, projected back onto a rigid frame, in place of
// the step's angular velocity update with its gyroscopic term. A 2 x 1 x 0.5 box spun off its
// principal axes keeps its energy within 5.8e-4 (integrate.c: 1.6e-2) with no trend over 10000
// frames at one substep of 1/60 s (tests/test_pointmass.c, experiment 1).
//
// Files: this one holds the shared points and the family; the frames are joint_pointmass_frame.c,
// the Verlet of the axes joint_pointmass_verlet.c, the points on curves joint_pointmass_path.c,
// the sums kept in double in a float build (the points' errors, the blocks and their solve)
// joint_pointmass_wide.c (joint_pointmass.h).
//
// The frames are rebuilt from the bodies at the start of each solve and written back at its end
// (centre; orientation by the polar decomposition of [B_0/beta_0, B_1/beta_1, B_2/beta_2]), so the
// step derives the velocities from them as for any position-level family.
//
// The spherical joint's limits, the hinge's target, motor and soft limit, prismatic and generic
// joints are rows of forces on the frames' points (joint_pointmass_rows.c). A hinge's rigid limit
// and rigid target are a weld of three shared points at the stop or target angle
// (ttPm_SolvePoints). What falls back to the XPBD solves (joint.h), whole, within the same solve
// after the point-mass pass: a joint whose attachment is compliant (ttPm_Role).
#include "constraint.h"
#include "core.h"
#include "joint.h"
#include "joint_energy_guard.h"
#include "joint_pointmass.h"
#include "joint_solver.h"
#include "world.h"

#include "tether/tether.h"

typedef struct ttPointMassScratch
{
	ttPmFrame* frames; ///< by body slot
	int frameCapacity;
	int* touched; ///< body slots with a frame in this solve
	int touchedCount, touchedCapacity;
	unsigned stamp;
	ttVec3* spins; ///< by body slot: the angular velocity at the substep's start (ttPm_VerletAxes)
	int spinCapacity;
} ttPointMassScratch;

// ---------------------------------------------------------------------------------------------
// Frames

static ttPointMassScratch* ttPm_Scratch( ttWorld* world )
{
	if ( world->pointMassJoints == NULL )
	{
		world->pointMassJoints = ttAlloc( sizeof( ttPointMassScratch ) );
		if ( world->pointMassJoints == NULL )
		{
			return NULL;
		}
		*world->pointMassJoints = ( ttPointMassScratch ){ 0 };
	}
	ttPointMassScratch* scratch = world->pointMassJoints;
	int need = world->bodies.count;
	if ( scratch->frameCapacity < need )
	{
		ttPmFrame* frames = ttGrow( scratch->frames, sizeof( ttPmFrame ) * (size_t)scratch->frameCapacity,
		                            sizeof( ttPmFrame ) * (size_t)need );
		int* touched =
		    ttGrow( scratch->touched, sizeof( int ) * (size_t)scratch->touchedCapacity, sizeof( int ) * (size_t)need );
		if ( frames != NULL )
		{
			scratch->frames = frames;
		}
		if ( touched != NULL )
		{
			scratch->touched = touched;
			scratch->touchedCapacity = need;
		}
		if ( frames == NULL || touched == NULL )
		{
			return NULL;
		}
		for ( int i = scratch->frameCapacity; i < need; ++i )
		{
			scratch->frames[i].stamp = 0;
		}
		scratch->frameCapacity = need;
	}
	return scratch;
}

// Room for the spins of every body slot; false when out of memory.
static bool ttPm_ReserveSpins( ttPointMassScratch* scratch, int need )
{
	if ( scratch->spinCapacity >= need )
	{
		return true;
	}
	ttVec3* spins =
	    ttGrow( scratch->spins, sizeof( ttVec3 ) * (size_t)scratch->spinCapacity, sizeof( ttVec3 ) * (size_t)need );
	if ( spins == NULL )
	{
		return false;
	}
	scratch->spins = spins;
	scratch->spinCapacity = need;
	return true;
}

static ttPmFrame* ttPm_Frame( ttWorld* world, ttPointMassScratch* scratch, int bodyIndex )
{
	ttBody* body = ttWorld_Body( world, bodyIndex );
	if ( ttPm_IsMovable( body ) == false )
	{
		return NULL;
	}
	ttPmFrame* frame = scratch->frames + bodyIndex;
	if ( frame->stamp != scratch->stamp )
	{
		ttPm_BuildFrame( frame, body );
		frame->stamp = scratch->stamp;
		scratch->touched[scratch->touchedCount++] = bodyIndex;
	}
	return frame;
}

// ---------------------------------------------------------------------------------------------
// Shared points

// One PTP between the body points with principal coordinates uA on A and uB on B (eq. 22). The
// force F acts on A and -F on B; returns the impulse on B (-F, the sign of XPBD's lambda), which
// the joint's readouts accumulate.
static ttVec3 ttPm_SolvePoint( ttPmPair* pair, ttVec3 uA, ttVec3 uB )
{
	ttVec3 error = ttPm_PointGap( pair, uA, uB );
	ttMat3 invA = ttPm_InvInertia( pair->frameA, pair->bodyA );
	ttMat3 invB = ttPm_InvInertia( pair->frameB, pair->bodyB );
	ttVec3 rA = ttPm_Lever( pair->frameA, pair->bodyA, uA );
	ttVec3 rB = ttPm_Lever( pair->frameB, pair->bodyB, uB );
	ttMat3 k = ttMat3Add( ttPm_Mobility( pair->frameA, pair->bodyA, rA, invA ),
	                      ttPm_Mobility( pair->frameB, pair->bodyB, rB, invB ) );
	ttVec3 force = ttMat3Solve( k, error );
	ttPm_ApplyForce( pair->frameA, pair->bodyA, rA, invA, force );
	ttPm_ApplyForce( pair->frameB, pair->bodyB, rB, invB, ttNeg( force ) );
	return ttNeg( force );
}

// The length between the anchors within [min, max]: a PTP along the line through them whose
// magnitude takes up the excess length (eq. 22 projected on that line).
static ttVec3 ttPm_SolveLength( ttPmPair* pair, ttVec3 uA, ttVec3 uB, ttReal minLength, ttReal maxLength )
{
	ttReal length;
	ttVec3 n = ttGetLengthAndNormalize( &length, ttPm_PointGap( pair, uA, uB ) );
	ttReal excess = length > maxLength ? length - maxLength : ( length < minLength ? length - minLength : 0 );
	if ( excess == 0 || length < (ttReal)1e-12 )
	{
		return TT_VEC3_ZERO;
	}
	ttMat3 invA = ttPm_InvInertia( pair->frameA, pair->bodyA );
	ttMat3 invB = ttPm_InvInertia( pair->frameB, pair->bodyB );
	ttVec3 rA = ttPm_Lever( pair->frameA, pair->bodyA, uA );
	ttVec3 rB = ttPm_Lever( pair->frameB, pair->bodyB, uB );
	ttMat3 k = ttMat3Add( ttPm_Mobility( pair->frameA, pair->bodyA, rA, invA ),
	                      ttPm_Mobility( pair->frameB, pair->bodyB, rB, invB ) );
	ttReal w = ttDot( n, ttMat3MulVec( k, n ) );
	if ( w <= 0 )
	{
		return TT_VEC3_ZERO;
	}
	ttVec3 force = ttScale( excess / w, n );
	ttPm_ApplyForce( pair->frameA, pair->bodyA, rA, invA, force );
	ttPm_ApplyForce( pair->frameB, pair->bodyB, rB, invB, ttNeg( force ) );
	return ttNeg( force );
}

// The shared points of a line hinge or a weld sit this far from the anchor: about the size of the
// bodies (their largest radius of gyration), so that a point error e tilts the axis by about
// e / size, as the body's own extent would; never shorter than 1 cm.
ttReal ttPm_Arm( const ttBody* bodyA, const ttBody* bodyB )
{
	ttReal arm = (ttReal)0.01;
	const ttBody* bodies[2] = { bodyA, bodyB };
	for ( int i = 0; i < 2; ++i )
	{
		const ttBody* body = bodies[i];
		if ( ttPm_IsMovable( body ) )
		{
			ttReal moment = ttMaxReal( body->inertia.x, ttMaxReal( body->inertia.y, body->inertia.z ) );
			arm = ttMaxReal( arm, ttSqrt( moment * body->invMass ) );
		}
	}
	return arm;
}

// s along a joint frame's axis `axis` (0 x, 1 y): a shared point's offset from the anchor.
ttVec3 ttPm_FrameAxis( ttTransform frame, int axis, ttReal s )
{
	ttVec3 direction = ttRotate( frame.q, axis == 0 ? ( ttVec3 ){ 1, 0, 0 } : ( ttVec3 ){ 0, 1, 0 } );
	return ttScale( s, direction );
}

static ttReal ttPm_Component( ttVec3 v, int i )
{
	return i == 0 ? v.x : ( i == 1 ? v.y : v.z );
}

// The PTPs of a line hinge (2) or a weld (3) solved together, eq. 22 for all points at once (the
// paper's "grouped together and solved simultaneously"): K F = p_B - p_A with K_ij the
// displacement of point i per unit force at point j, summed over both bodies. Forces along the
// line between two of the points, opposite at its ends, move nothing: K is singular there. Adding
// s n n^T for each such pair n = (+u at i, -u at j) gives the solution whose forces have equal
// components along every such line: eq. 23's balance, for two points or three. Solved one by
// one instead, each point's correction reopened the other's: a hinged rod kept 7e-5 m of anchor
// error at four iterations, the weld 2e-5 m. The points come as offsets from the joint's anchors
// and K is summed and solved in double, whatever ttReal is: with the anchor far from a body K's
// condition is about (lever / arm)^4, 1e7 for a box 8 m from its weld (joint_pointmass_wide.c).
static void ttPm_SolveBlock( ttPmPair* pair, const ttVec3* offsetsA, const ttVec3* offsetsB, int count,
                             ttVec3* impulses )
{
	ttVec3 anchorA = pair->joint->simFrameA.p, anchorB = pair->joint->simFrameB.p;
	ttVec3 rA[3], rB[3];
	double k[TT_PM_MAX_BLOCK][TT_PM_MAX_BLOCK];
	double x[TT_PM_MAX_BLOCK];
	int n = 3 * count;
	ttMat3 invA = ttPm_InvInertia( pair->frameA, pair->bodyA );
	ttMat3 invB = ttPm_InvInertia( pair->frameB, pair->bodyB );
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 error = ttPm_PointGapAt( pair, anchorA, offsetsA[i], anchorB, offsetsB[i] );
		x[3 * i] = error.x;
		x[3 * i + 1] = error.y;
		x[3 * i + 2] = error.z;
		rA[i] = ttPm_Lever( pair->frameA, pair->bodyA, ttAdd( anchorA, offsetsA[i] ) );
		rB[i] = ttPm_Lever( pair->frameB, pair->bodyB, ttAdd( anchorB, offsetsB[i] ) );
	}
	double trace = 0;
	for ( int i = 0; i < count; ++i )
	{
		for ( int j = 0; j < count; ++j )
		{
			ttPmWideMat3 block =
			    ttPm_WideMat3Add( ttPm_WideCrossMobility( pair->frameA, pair->bodyA, rA[i], rA[j], invA ),
			                      ttPm_WideCrossMobility( pair->frameB, pair->bodyB, rB[i], rB[j], invB ) );
			for ( int c = 0; c < 3; ++c )
			{
				for ( int r = 0; r < 3; ++r )
				{
					k[3 * i + r][3 * j + c] = ttPm_WideEntry( block, r, c );
				}
			}
		}
		trace += k[3 * i][3 * i] + k[3 * i + 1][3 * i + 1] + k[3 * i + 2][3 * i + 2];
	}
	// Each movable body's lines get their own term: where the joint holds, both bodies' lines are
	// the same and the terms add up to the shared lines' (scale u u^T); where it is far off, the
	// forces that move neither body are those along A's lines that also sum to no moment on B's
	// points, a set that passes through nonzero once in a while as the bodies turn against each
	// other. One term along the lines' average then left K singular: soak scene 72 (seed 1, no
	// contacts, point-mass) solved a 15 m error of a weld with 9e7 N and moved a 0.8 kg body
	// 3.9 km in one substep. With both bodies' lines K is at least each body's own stiffest
	// response or the regularisation, whichever is less, and the forces stay of the order of the
	// error.
	int movable = ( pair->frameA != NULL ) + ( pair->frameB != NULL );
	double scale = movable > 0 ? trace / (double)n / (double)movable : 0;
	for ( int side = 0; side < 2; ++side )
	{
		const ttVec3* levers = side == 0 ? rA : rB;
		if ( ( side == 0 ? pair->frameA : pair->frameB ) == NULL )
		{
			continue; // a body that does not move: its lines are not where K is singular
		}
		for ( int i = 0; i < count; ++i )
		{
			for ( int j = i + 1; j < count; ++j )
			{
				ttVec3 u = ttNormalize( ttSub( levers[i], levers[j] ) );
				for ( int r = 0; r < 3; ++r )
				{
					for ( int c = 0; c < 3; ++c )
					{
						double uu = scale * (double)ttPm_Component( u, r ) * (double)ttPm_Component( u, c );
						k[3 * i + r][3 * i + c] += uu;
						k[3 * j + r][3 * j + c] += uu;
						k[3 * i + r][3 * j + c] -= uu;
						k[3 * j + r][3 * i + c] -= uu;
					}
				}
			}
		}
	}
	ttPm_SolveSymmetric( n, k, x );
	// The response is linear in the forces at the frames the block was built from: apply their
	// sum once (eqs. 19-20).
	ttVec3 forceSum = TT_VEC3_ZERO, momentA = TT_VEC3_ZERO, momentB = TT_VEC3_ZERO;
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 force = { (ttReal)x[3 * i], (ttReal)x[3 * i + 1], (ttReal)x[3 * i + 2] };
		forceSum = ttAdd( forceSum, force );
		momentA = ttAdd( momentA, ttCross( rA[i], force ) );
		momentB = ttAdd( momentB, ttCross( rB[i], force ) );
		impulses[i] = ttNeg( force );
	}
	ttPm_Turn( pair->frameA, pair->bodyA, invA, forceSum, momentA );
	ttPm_Turn( pair->frameB, pair->bodyB, invB, ttNeg( forceSum ), ttNeg( momentB ) );
}

/// Whether a hinge's angle limit is a stop of its shared points (rigid).
static bool ttPm_OwnsHingeLimit( const ttJoint* joint )
{
	const ttHingeJointDef* def = &joint->hinge;
	return joint->type == ttJoint_hinge && def->enableLimit && def->limitCompliance == 0;
}

/// Whether a hinge holds a rigid target: a weld at the target angle, as a stop is.
static bool ttPm_RigidTarget( const ttJoint* joint )
{
	const ttHingeJointDef* def = &joint->hinge;
	return joint->type == ttJoint_hinge && def->enableTarget && def->enableMotor == false && def->targetCompliance == 0;
}

/// A direction given in a body's principal coordinates, in world axes by the current frame.
ttVec3 ttPm_Direction( const ttPmFrame* frame, const ttBody* body, ttVec3 u )
{
	return ttNormalize( ttPm_Offset( frame, body, u ) );
}

// A hinge's angle on the current frames, as ttHingeJoint_ComputeAngle measures it: B's frame y
// against A's about A's frame x.
static ttReal ttPm_HingeAngle( const ttPmPair* pair )
{
	const ttJoint* joint = pair->joint;
	ttVec3 x = { 1, 0, 0 }, y = { 0, 1, 0 };
	ttVec3 aA = ttPm_Direction( pair->frameA, pair->bodyA, ttRotate( joint->simFrameA.q, x ) );
	ttVec3 bA = ttPm_Direction( pair->frameA, pair->bodyA, ttRotate( joint->simFrameA.q, y ) );
	ttVec3 bB = ttPm_Direction( pair->frameB, pair->bodyB, ttRotate( joint->simFrameB.q, y ) );
	return ttSignedAngle( aA, bA, bB );
}

// The PTPs of a joint with `count` points (1 spherical, 2 line hinge, 3 weld): the force sum and
// the moment about B's anchor go into the readouts.
//
// A hinge past a stop of its angle limit is, for that solve, a weld at the stop (as the XPBD
// hinge is): the line hinge's two points and a third, B's point at anchor + a y_B, shared with
// A's point at anchor + a y_A turned about the axis to the stop angle. The three are solved as
// one block, so the stop turns B back about the hinge line, not about the centres (which would
// open the hinge by the arm times the excess). The stop only pushes: within the limits, or once
// turned back to the stop, the third point is not there.
//
// With `stopsOnly` only a hinge past a stop is solved (the sweep of stops after all the joints).
static void ttPm_SolvePoints( ttPmPair* pair, int count, bool stopsOnly )
{
	ttJoint* joint = pair->joint;
	ttReal excess = 0, stop = 0;
	if ( count == 2 && ttPm_RigidTarget( joint ) )
	{
		ttReal angle = ttPm_HingeAngle( pair );
		excess = angle - joint->hinge.targetAngle;
		excess = excess > TT_PI ? excess - 2 * TT_PI : ( excess < -TT_PI ? excess + 2 * TT_PI : excess );
		stop = joint->hinge.targetAngle;
	}
	else if ( count == 2 && ttPm_OwnsHingeLimit( joint ) )
	{
		ttReal angle = ttPm_HingeAngle( pair );
		excess = ttAngleLimitExcess( angle, joint->hinge.lowerAngle, joint->hinge.upperAngle );
		stop = angle - excess;
	}
	if ( stopsOnly && excess == 0 )
	{
		return;
	}
	ttReal arm = count > 1 ? ttPm_Arm( pair->bodyA, pair->bodyB ) : 0;
	// The points as offsets from the anchors, which may be far from the centres: each point's
	// error is the anchors' gap plus the offsets' (ttPm_PointGapAt), not the gap of two points
	// rounded as far out as the anchor.
	ttVec3 offsetsA[3], offsetsB[3], impulses[3];
	int n = 0;
	if ( count == 2 )
	{
		offsetsA[n] = ttPm_FrameAxis( joint->simFrameA, 0, arm );
		offsetsB[n++] = ttPm_FrameAxis( joint->simFrameB, 0, arm );
		offsetsA[n] = ttPm_FrameAxis( joint->simFrameA, 0, -arm );
		offsetsB[n++] = ttPm_FrameAxis( joint->simFrameB, 0, -arm );
		if ( excess != 0 )
		{
			ttVec3 turned = { 0, arm * ttCos( stop ), arm * ttSin( stop ) };
			offsetsA[n] = ttRotate( joint->simFrameA.q, turned );
			offsetsB[n++] = ttPm_FrameAxis( joint->simFrameB, 1, arm );
		}
	}
	else
	{
		offsetsA[n] = TT_VEC3_ZERO;
		offsetsB[n++] = TT_VEC3_ZERO;
		for ( int axis = 0; axis < count - 1; ++axis )
		{
			offsetsA[n] = ttPm_FrameAxis( joint->simFrameA, axis, arm );
			offsetsB[n++] = ttPm_FrameAxis( joint->simFrameB, axis, arm );
		}
	}
	// Levers at the poses the forces act at (before the frames move).
	ttVec3 levers[3];
	ttVec3 anchorB = ttPm_Lever( pair->frameB, pair->bodyB, joint->simFrameB.p );
	for ( int i = 0; i < n; ++i )
	{
		levers[i] = ttSub( ttPm_Lever( pair->frameB, pair->bodyB, ttAdd( joint->simFrameB.p, offsetsB[i] ) ), anchorB );
	}
	if ( n == 1 )
	{
		impulses[0] = ttPm_SolvePoint( pair, joint->simFrameA.p, joint->simFrameB.p );
	}
	else
	{
		ttPm_SolveBlock( pair, offsetsA, offsetsB, n, impulses );
	}
	for ( int i = 0; i < n; ++i )
	{
		joint->linearImpulse = ttAdd( joint->linearImpulse, impulses[i] );
		joint->angularImpulse = ttAdd( joint->angularImpulse, ttCross( levers[i], impulses[i] ) );
	}
}

// ---------------------------------------------------------------------------------------------
// Which joints are point-mass

typedef enum ttPmRole
{
	ttPmRole_xpbd = 0, ///< solved whole by the XPBD functions
	ttPmRole_points,   ///< this family's shared points and rows
} ttPmRole;

// Every joint whose attachment is rigid is this family's. A compliant attachment (the
// linearCompliance of any joint; the angularCompliance of the joints that lock angles, a distance
// joint's compliance) is XPBD's whole: the paper's PTPs are exact, and a compliant attachment
// would need a multiplier per row kept across iterations, which is what XPBD is.
static ttPmRole ttPm_Role( const ttJoint* joint )
{
	bool rigid = joint->linearCompliance == 0;
	switch ( joint->type )
	{
		case ttJoint_spherical:
		case ttJoint_path:
			return rigid ? ttPmRole_points : ttPmRole_xpbd;
		case ttJoint_hinge:
		case ttJoint_fixed:
		case ttJoint_prismatic:
			return rigid && joint->angularCompliance == 0 ? ttPmRole_points : ttPmRole_xpbd;
		case ttJoint_generic:
			return rigid && ( joint->generic.lockRotation == false || joint->angularCompliance == 0 ) ? ttPmRole_points
			                                                                                          : ttPmRole_xpbd;
		case ttJoint_distance:
			return joint->distance.compliance == 0 ? ttPmRole_points : ttPmRole_xpbd;
		default:
			return ttPmRole_xpbd;
	}
}

static bool ttPm_HasSphericalLimits( const ttJoint* joint )
{
	return joint->spherical.enableSwingLimit || joint->spherical.enableTwistLimit;
}

static void ttPm_SolveJoint( ttPmPair* pair, ttReal h )
{
	ttJoint* joint = pair->joint;
	switch ( joint->type )
	{
		case ttJoint_spherical:
			if ( ttPm_HasSphericalLimits( joint ) )
			{
				ttPm_SolveSpherical( pair, h, false );
			}
			else
			{
				ttPm_SolvePoints( pair, 1, false );
			}
			break;
		case ttJoint_hinge:
			ttPm_SolvePoints( pair, 2, false );
			ttPm_SolveHingeDrive( pair, h );
			break;
		case ttJoint_fixed:
			ttPm_SolvePoints( pair, 3, false );
			break;
		case ttJoint_distance:
			joint->linearImpulse =
			    ttAdd( joint->linearImpulse, ttPm_SolveLength( pair, joint->simFrameA.p, joint->simFrameB.p,
			                                                   joint->distance.minLength, joint->distance.maxLength ) );
			break;
		case ttJoint_path:
			ttPm_SolvePath( pair, h );
			break;
		case ttJoint_prismatic:
		case ttJoint_generic:
			ttPm_SolveAxes( pair, h );
			break;
		default:
			break;
	}
}

// ---------------------------------------------------------------------------------------------
// The family

static ttJoint* ttAwakeJoint( ttWorld* world, int i )
{
	return ttWorld_Joint( world, world->awakeJoints[i] );
}

static void ttPointMassJoints_Prepare( ttStepContext* ctx )
{
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint_Prepare( ctx->world, ttAwakeJoint( ctx->world, j ) );
	}
}

static void ttPointMassJoints_BeginSubstep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttJointEnergyGuard_BeginSubstep( ctx );
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint* joint = ttAwakeJoint( world, j );
		ttJoint_BeginSubstep( world, joint, ctx->h );
		if ( joint->type == ttJoint_path && ttPm_Role( joint ) == ttPmRole_points )
		{
			ttPm_BeginPath( world, joint );
		}
	}
	// The angular velocities before the step's integration adds its gyroscopic term, for the
	// Verlet of the axes (ttPointMassJoints_SolveBeforePositions); after the joints' own start,
	// whose force drives act on the velocities.
	ttPointMassScratch* scratch = ttPm_Scratch( world );
	if ( scratch != NULL && ttPm_ReserveSpins( scratch, world->bodies.count ) )
	{
		for ( int i = 0; i < ctx->bodyCount; ++i )
		{
			int slot = world->awakeBodies[i];
			scratch->spins[slot] = ttWorld_Body( world, slot )->w;
		}
	}
}

// The rotation of every awake body by the Verlet of its axes (eqs. 10-12, ttPm_VerletAxes) in
// place of the step's angular velocity update: the spin it came with, damped, plus its torque
// (as ttIntegrateVelocities applies them), and no gyroscopic term, which the axes carry.
static void ttPointMassJoints_SolveBeforePositions( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttPointMassScratch* scratch = world->pointMassJoints;
	if ( scratch == NULL || scratch->spinCapacity < world->bodies.count )
	{
		return; // out of memory at the substep's start: the step's own rotation stands
	}
	ttReal h = ctx->h;
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		int slot = world->awakeBodies[i];
		ttBody* body = ttWorld_Body( world, slot );
		if ( ttPm_IsMovable( body ) == false || body->fixedRotation )
		{
			continue;
		}
		ttVec3 spin = ttScale( 1 / ( 1 + h * body->angularDamping ), scratch->spins[slot] );
		spin = ttAdd( spin, ttScale( h, ttBody_ApplyInvInertia( body, body->torque ) ) );
		ttPm_VerletAxes( body, spin, h );
	}
}

// One iteration: the shared points of every point-mass joint on the frames, the rigidity
// projections, the poses back into the bodies; then the XPBD parts, positional before angular
// as in the XPBD family.
static void ttPointMassJoints_SolvePositions( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttJointEnergyGuard_BeforeProjection( ctx );
	ttPointMassScratch* scratch = ttPm_Scratch( world );
	if ( scratch == NULL )
	{
		ttReportError( "ttWorld_Step", "out of memory: point-mass joints solved by XPBD this iteration" );
	}
	else
	{
		scratch->stamp += 1;
		if ( scratch->stamp == 0 )
		{
			scratch->stamp = 1; // 0 marks a frame never built
		}
		scratch->touchedCount = 0;
		for ( int j = 0; j < ctx->jointCount; ++j )
		{
			ttJoint* joint = ttAwakeJoint( world, j );
			if ( ttPm_Role( joint ) == ttPmRole_xpbd )
			{
				continue;
			}
			ttPmPair pair = { world, joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ),
			                  NULL,  NULL };
			pair.frameA = ttPm_Frame( world, scratch, joint->bodyA );
			pair.frameB = ttPm_Frame( world, scratch, joint->bodyB );
			ttPm_SolveJoint( &pair, ctx->h );
		}
		// The hinges' stops once more after every joint: a stop solved at its place in the sweep
		// was dragged past by the joints after it (the robot arm's wrist: 0.38 degrees over the
		// run against XPBD's 0.34, whose limits come in a pass after all attachments; 0.21 with it).
		for ( int j = 0; j < ctx->jointCount; ++j )
		{
			ttJoint* joint = ttAwakeJoint( world, j );
			bool hingeStop = ttPm_OwnsHingeLimit( joint ) || ttPm_RigidTarget( joint );
			bool sphericalStop = joint->type == ttJoint_spherical && ttPm_HasSphericalLimits( joint );
			if ( ( hingeStop || sphericalStop ) && ttPm_Role( joint ) == ttPmRole_points )
			{
				ttPmPair pair = {
				    world, joint, ttWorld_Body( world, joint->bodyA ), ttWorld_Body( world, joint->bodyB ),
				    NULL,  NULL };
				pair.frameA = ttPm_Frame( world, scratch, joint->bodyA );
				pair.frameB = ttPm_Frame( world, scratch, joint->bodyB );
				if ( hingeStop )
				{
					ttPm_SolvePoints( &pair, 2, true );
				}
				else
				{
					ttPm_SolveSpherical( &pair, ctx->h, true );
				}
			}
		}
		for ( int i = 0; i < scratch->touchedCount; ++i )
		{
			int bodyIndex = scratch->touched[i];
			ttPm_Rigidify( scratch->frames + bodyIndex );
			ttPm_WriteBack( ttWorld_Body( world, bodyIndex ), scratch->frames + bodyIndex );
		}
	}
	for ( int phase = ttJointPhase_positional; phase <= ttJointPhase_angular; ++phase )
	{
		for ( int j = 0; j < ctx->jointCount; ++j )
		{
			ttJoint* joint = ttAwakeJoint( world, j );
			ttPmRole role = scratch != NULL ? ttPm_Role( joint ) : ttPmRole_xpbd;
			if ( role == ttPmRole_xpbd )
			{
				ttJoint_SolvePositions( world, joint, ctx->h, (ttJointPhase)phase );
			}
		}
	}
	ttJointEnergyGuard_AfterProjection( ctx );
}

// The energy guard (joint_energy_guard.c) as soon as the velocities are derived, before the
// contacts' velocity pass, as for the XPBD family.
static void ttPointMassJoints_Guard( ttStepContext* ctx )
{
	// A ledger of the energy symplectic Euler keeps, as for sequential impulses. The chord step's
	// own error of that energy is second order in h and must stay: a bead's speed on a wire is off
	// by 5.8e-6 m of height at 1/1200 s and 1.5e-6 m at 1/2400 s (test_pointmass_path checks the
	// order); with the guard's floor (1e-6 of the kinetic energy) the guard stepped in at 1/1200 s
	// and the order was lost (3.6e-6 m). A rise above 1e-4 of the kinetic energy is the joints'.
	// In float the same share, not the guard's float floor (1e-3, for XPBD and sequential
	// impulses): under that floor the chord step's own creep (unguarded the same in double and in
	// float: soak scene 370 gained 48 % in 3 s) passed at 2e-5 of the kinetic energy a substep, and
	// 3 of the first 600 scenes of the no-contacts soak (seed 1) gained 10 % + 1 J. The account
	// fades a little in float, over about 100 substeps: a creep of r a substep then passes only
	// while r < 1e-4 (1 - m) / (2 - m), about 1e-6 of the kinetic energy. Measured on 2026-11-28
	// with the guard's sums in double: kept whole (1, or 0.999) the state's rounding still grew it,
	// and one or two spherical chains of test_joint_energy rose to 138 times its bound; fading by
	// 0.9 damped the hung cube of test_pointmass (energy trend 0.65 % per 1000 frames against its
	// 0.4 %); with 0.99 the cube's trend is -0.31 %, test_joint_energy holds and the soak has none.
	static const ttJointGuardPolicy guard = {
	    TT_REAL_IS_FLOAT ? (ttReal)0.99 : 1, (ttReal)1e-4, true, true, false, true, 0, false };
	ttJointEnergyGuard_Apply( ctx, &guard );
}

// Joint damping and the readouts, as the XPBD family: the shared points' impulses are position
// impulses like XPBD's multipliers, so impulse / h^2 is the force in N and N m.
static void ttPointMassJoints_SolveVelocities( ttStepContext* ctx )
{
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		ttJoint* joint = ttAwakeJoint( ctx->world, j );
		if ( ttPm_Role( joint ) == ttPmRole_xpbd )
		{
			ttJoint_SolveVelocityDrives( ctx->world, joint, ctx->h ); // a compliant path joint's motor (XPBD's)
		}
		ttJoint_SolveVelocities( ctx->world, joint, ctx->h );
		ttJoint_EndSubstep( joint, ctx->h );
	}
}

static void ttPointMassJoints_Destroy( ttWorld* world )
{
	if ( world->pointMassJoints != NULL )
	{
		ttFree( world->pointMassJoints->frames );
		ttFree( world->pointMassJoints->touched );
		ttFree( world->pointMassJoints->spins );
		ttFree( world->pointMassJoints );
		world->pointMassJoints = NULL;
	}
}

const ttJointFamily ttPointMassJoints = {
    .name = "pointmass",
    .pinsBodies = false, // its shared points are solved along the frame of the substep's start
    .prepare = ttPointMassJoints_Prepare,
    .beginSubstep = ttPointMassJoints_BeginSubstep,
    .solveBeforePositions = ttPointMassJoints_SolveBeforePositions,
    .solvePositions = ttPointMassJoints_SolvePositions,
    .afterDeriveVelocities = ttPointMassJoints_Guard,
    .solveVelocities = ttPointMassJoints_SolveVelocities,
    .destroy = ttPointMassJoints_Destroy,
};
