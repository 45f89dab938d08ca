// SPDX-License-Identifier: MIT
// Point-mass constraints along given directions (joint_pointmass.h): the spherical joint's swing
// and twist limits, the hinge's target and motor, prismatic and generic joints, in the
// formulation of van Overveld and Barenbrug. Each constraint is a row: a force of unknown
// magnitude lambda along a direction n acting on points of the two bodies' constellations (+n on
// A, -n on B), either at one pair of points (a PTP of section 2.3 projected on n: a slider's
// point kept on A's line, a translation limit) or at two pairs with opposite signs, a couple
// (two forces at B's anchor and at a point an arm away from it: it turns B about its anchor
// without moving it; the angle limits, the rotation lock, the motor). As in eq. 22 the rows of
// one joint are solved together, K lambda = C with K_ij = n_i^T (M_k + M_l)_ij n_j from the
// point mobilities (eq. 21) at the frames of the substep's start, and their forces move the
// frames by eqs. 19-20; the rigidity projections restore the frames after all joints.
//
// A limit is a row only while it is passed, so it only pushes (as the hinge stop of
// joint_solver_pointmass.c). A compliant row (a soft limit, a compliant target or motor, a
// positional drive) keeps its accumulated lambda in the joint's multipliers, XPBD's compliance
// alpha / h^2 added to its K, and is solved alone with its cap (a motor's torque, a drive's
// force).
#include "constraint.h"
#include "joint_pointmass.h"

#include "tether/tether.h"

typedef struct ttPmRow
{
	ttVec3 n;            ///< world direction of the force on A (-n on B)
	ttVec3 uA[2], uB[2]; ///< principal coordinates of the points the force acts at
	ttReal sign[2];      ///< +1 / -1: a couple has two
	int terms;
	ttReal error;      ///< C: the row removes it, C - K lambda = 0
	ttReal compliance; ///< m/N, XPBD's alpha; 0 rigid
	ttReal* lambda;    ///< accumulated multiplier of a compliant or capped row; NULL for none
	ttReal lowerLambda, upperLambda;
} ttPmRow;

typedef struct ttPmRows
{
	ttPmRow rows[TT_PM_MAX_BLOCK];
	int count;
} ttPmRows;

// World position of the point with principal coordinates u, relative to A's origin (both bodies'
// points are measured from the same place, so only differences matter).
static ttVec3 ttPm_PointA( const ttPmPair* pair, ttVec3 u )
{
	return ttAdd( ttPm_Center( pair->frameA, pair->bodyA ), ttPm_Offset( pair->frameA, pair->bodyA, u ) );
}

static ttVec3 ttPm_PointB( const ttPmPair* pair, ttVec3 u )
{
	ttVec3 centre =
	    ttAdd( ttSub( pair->bodyB->origin, pair->bodyA->origin ), ttPm_Center( pair->frameB, pair->bodyB ) );
	return ttAdd( centre, ttPm_Offset( pair->frameB, pair->bodyB, u ) );
}

// Principal coordinates on A of a point given relative to A's origin.
static ttVec3 ttPm_OnA( const ttPmPair* pair, ttVec3 p )
{
	return ttPm_Coordinates( pair->frameA, pair->bodyA, ttSub( p, ttPm_Center( pair->frameA, pair->bodyA ) ) );
}

// A row at B's anchor: the force along n where B's anchor is, on both bodies (A's point is the
// one under B's anchor, so a point of B sliding along a line of A pushes A where it is).
static ttPmRow ttPm_PointRow( const ttPmPair* pair, ttVec3 n, ttReal error )
{
	ttVec3 anchor = ttPm_PointB( pair, pair->joint->simFrameB.p );
	return ( ttPmRow ){ .n = n,
	                    .uA = { ttPm_OnA( pair, anchor ) },
	                    .uB = { pair->joint->simFrameB.p },
	                    .sign = { 1, 0 },
	                    .terms = 1,
	                    .error = error,
	                    .lowerLambda = -TT_HUGE,
	                    .upperLambda = TT_HUGE };
}

// A couple turning B against A about `axis` (unit, world) by `angle`: forces along axis x e at
// B's anchor + arm e and, opposite, at its anchor, e perpendicular to the axis; A takes the
// opposite couple at the same points. The error is the arc the tip must travel, arm * angle. The
// tip is placed an arm along e in the frames of the substep's start, where the forces act
// (ttPm_Lever), so that the couple's moment is arm lambda about the axis exactly: placed on the
// current frame, it was short by the cosine of the substep's turn (a motor's torque by 2e-5).
static ttPmRow ttPm_TurnRow( const ttPmPair* pair, ttVec3 axis, ttReal angle, ttReal arm )
{
	ttVec3 e = ttScale( arm, ttPerpendicular( axis ) );
	ttVec3 anchorB = pair->joint->simFrameB.p;
	ttVec3 anchorA = ttPm_OnA( pair, ttPm_PointB( pair, anchorB ) );
	return ( ttPmRow ){ .n = ttCross( axis, ttNormalize( e ) ),
	                    .uA = { ttAdd( anchorA, ttPm_LeverCoordinates( pair->frameA, pair->bodyA, e ) ), anchorA },
	                    .uB = { ttAdd( anchorB, ttPm_LeverCoordinates( pair->frameB, pair->bodyB, e ) ), anchorB },
	                    .sign = { 1, -1 },
	                    .terms = 2,
	                    .error = arm * angle,
	                    .lowerLambda = -TT_HUGE,
	                    .upperLambda = TT_HUGE };
}

static ttReal ttPm_Get( ttVec3 v, int i )
{
	return i == 0 ? v.x : ( i == 1 ? v.y : v.z );
}

// Solve the rows together (eq. 22 projected on the rows' directions) and move the frames.
// A row with a multiplier is compliant or capped: solve such a row alone.
static void ttPm_SolveRows( ttPmPair* pair, ttPmRow* rows, int count, ttReal h )
{
	if ( count == 0 )
	{
		return;
	}
	ttMat3 invA = ttPm_InvInertia( pair->frameA, pair->bodyA );
	ttMat3 invB = ttPm_InvInertia( pair->frameB, pair->bodyB );
	ttVec3 rA[TT_PM_MAX_BLOCK][2], rB[TT_PM_MAX_BLOCK][2];
	// In double: a couple at an anchor far from the centre makes K as badly conditioned as a
	// weld's block (joint_pointmass_wide.c).
	double k[TT_PM_MAX_BLOCK][TT_PM_MAX_BLOCK];
	double x[TT_PM_MAX_BLOCK];
	for ( int i = 0; i < count; ++i )
	{
		for ( int t = 0; t < rows[i].terms; ++t )
		{
			rA[i][t] = ttPm_Lever( pair->frameA, pair->bodyA, rows[i].uA[t] );
			rB[i][t] = ttPm_Lever( pair->frameB, pair->bodyB, rows[i].uB[t] );
		}
	}
	for ( int i = 0; i < count; ++i )
	{
		for ( int j = 0; j < count; ++j )
		{
			double sum = 0;
			for ( int t = 0; t < rows[i].terms; ++t )
			{
				for ( int s = 0; s < rows[j].terms; ++s )
				{
					ttPmWideMat3 m = ttPm_WideMat3Add(
					    ttPm_WideCrossMobility( pair->frameA, pair->bodyA, rA[i][t], rA[j][s], invA ),
					    ttPm_WideCrossMobility( pair->frameB, pair->bodyB, rB[i][t], rB[j][s], invB ) );
					double signs = (double)( rows[i].sign[t] * rows[j].sign[s] );
					sum += signs * ttVec3d_Dot( ttVec3d_From( rows[i].n ),
					                            ttPm_WideMat3MulVec( m, ttVec3d_From( rows[j].n ) ) );
				}
			}
			k[i][j] = sum;
		}
		x[i] = rows[i].error;
		if ( rows[i].lambda != NULL && rows[i].compliance > 0 )
		{
			ttReal alpha = rows[i].compliance / ( h * h );
			k[i][i] += alpha;
			x[i] -= alpha * *rows[i].lambda;
		}
	}
	ttPm_SolveSymmetric( count, k, x );
	ttVec3 forceSum = TT_VEC3_ZERO, momentA = TT_VEC3_ZERO, momentB = TT_VEC3_ZERO, readout = TT_VEC3_ZERO;
	ttJoint* joint = pair->joint;
	ttVec3 anchorB = ttPm_Lever( pair->frameB, pair->bodyB, joint->simFrameB.p );
	for ( int i = 0; i < count; ++i )
	{
		ttReal lambda = (ttReal)x[i];
		if ( rows[i].lambda != NULL )
		{
			ttReal total = ttClampReal( *rows[i].lambda + lambda, rows[i].lowerLambda, rows[i].upperLambda );
			lambda = total - *rows[i].lambda;
			*rows[i].lambda = total;
		}
		for ( int t = 0; t < rows[i].terms; ++t )
		{
			ttVec3 force = ttScale( rows[i].sign[t] * lambda, rows[i].n );
			forceSum = ttAdd( forceSum, force );
			momentA = ttAdd( momentA, ttCross( rA[i][t], force ) );
			momentB = ttAdd( momentB, ttCross( rB[i][t], force ) );
			readout = ttAdd( readout, ttCross( ttSub( rB[i][t], anchorB ), force ) );
		}
	}
	ttPm_Turn( pair->frameA, pair->bodyA, invA, forceSum, momentA );
	ttPm_Turn( pair->frameB, pair->bodyB, invB, ttNeg( forceSum ), ttNeg( momentB ) );
	joint->linearImpulse = ttSub( joint->linearImpulse, forceSum );
	joint->angularImpulse = ttSub( joint->angularImpulse, readout );
}

static void ttPm_Push( ttPmRows* set, ttPmRow row )
{
	if ( set->count < TT_PM_MAX_BLOCK )
	{
		set->rows[set->count++] = row;
	}
}

// The anchor PTP as three rows along the world axes.
static void ttPm_PushAnchor( const ttPmPair* pair, ttPmRows* set )
{
	ttVec3 error =
	    ttSub( ttPm_PointB( pair, pair->joint->simFrameB.p ), ttPm_PointA( pair, pair->joint->simFrameA.p ) );
	ttVec3 axes[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	for ( int i = 0; i < 3; ++i )
	{
		ttPmRow row = ttPm_PointRow( pair, axes[i], ttPm_Get( error, i ) );
		row.uA[0] = pair->joint->simFrameA.p;
		ttPm_Push( set, row );
	}
}

// The joint frames' axes in world directions on the current frames.
static void ttPm_JointAxes( const ttPmPair* pair, ttVec3 axesA[3], ttVec3 axesB[3] )
{
	const ttJoint* joint = pair->joint;
	ttVec3 units[3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
	for ( int i = 0; i < 3; ++i )
	{
		axesA[i] = ttPm_Direction( pair->frameA, pair->bodyA, ttRotate( joint->simFrameA.q, units[i] ) );
		axesB[i] = ttPm_Direction( pair->frameB, pair->bodyB, ttRotate( joint->simFrameB.q, units[i] ) );
	}
}

// A limit's row, rigid into the block or compliant alone (its multiplier only pushes: lambda's
// sign is that of the excess).
static void ttPm_Limit( ttPmPair* pair, ttPmRows* block, ttPmRow row, ttReal compliance, ttReal* lambda, ttReal h )
{
	if ( compliance == 0 )
	{
		ttPm_Push( block, row );
		return;
	}
	row.compliance = compliance;
	row.lambda = lambda;
	row.lowerLambda = row.error > 0 ? 0 : -TT_HUGE;
	row.upperLambda = row.error > 0 ? TT_HUGE : 0;
	ttPm_SolveRows( pair, &row, 1, h );
}

// The swing is the angle between the frames' x axes, the cone about A's; the twist the angle
// between their y axes about the x axes' bisector (the XPBD joint's measure, eqs. 22-24). A
// passed limit is a couple turning B back about the axis normal to both x axes (swing) or about
// the bisector (twist) by the excess; rigid limits are solved with the anchor in one block, so
// the turn is about the anchor. The twist is turned about the bisector, not along its exact
// gradient, which leaves the bisector as the swing nears 90 degrees: the iterations take up the
// difference.
static void ttPm_SolveSoftSphericalLimits( ttPmPair* pair, ttReal h );

// How far the swing passed its cone (0 when inside, or when the x axes are too near parallel to
// say about which axis), and the axis to turn B back about.
static ttReal ttPm_SwingExcess( const ttSphericalJointDef* def, const ttVec3 a[3], const ttVec3 b[3], ttVec3* axis )
{
	ttReal length;
	*axis = ttGetLengthAndNormalize( &length, ttCross( a[0], b[0] ) );
	ttReal swing = ttAtan2( length, ttDot( a[0], b[0] ) );
	return swing > def->maxSwingAngle && length > (ttReal)1e-9 ? swing - def->maxSwingAngle : 0;
}

// How far the twist passed its limits (signed; 0 when inside, or when the x axes point apart),
// and the bisector to turn B back about.
static ttReal ttPm_TwistExcess( const ttSphericalJointDef* def, const ttVec3 a[3], const ttVec3 b[3], ttVec3* axis )
{
	ttReal length;
	ttVec3 n = ttGetLengthAndNormalize( &length, ttAdd( a[0], b[0] ) );
	*axis = n;
	if ( length <= (ttReal)1e-6 )
	{
		return 0;
	}
	ttVec3 n1 = ttNormalize( ttMulAdd( a[1], -ttDot( n, a[1] ), n ) );
	ttVec3 n2 = ttNormalize( ttMulAdd( b[1], -ttDot( n, b[1] ), n ) );
	return ttAngleLimitExcess( ttSignedAngle( n, n1, n2 ), def->lowerTwistAngle, def->upperTwistAngle );
}

bool ttPm_SolveSpherical( ttPmPair* pair, ttReal h, bool stopsOnly )
{
	ttJoint* joint = pair->joint;
	const ttSphericalJointDef* def = &joint->spherical;
	ttPmRows block = { .count = 0 };
	ttPm_PushAnchor( pair, &block );
	int anchorRows = block.count;
	ttVec3 a[3], b[3];
	ttPm_JointAxes( pair, a, b );
	ttReal arm = ttPm_Arm( pair->bodyA, pair->bodyB );
	ttVec3 axis;
	ttReal excess;
	if ( def->enableSwingLimit && def->swingCompliance == 0 && ( excess = ttPm_SwingExcess( def, a, b, &axis ) ) != 0 )
	{
		ttPm_Push( &block, ttPm_TurnRow( pair, axis, excess, arm ) );
	}
	if ( def->enableTwistLimit && def->twistCompliance == 0 && ( excess = ttPm_TwistExcess( def, a, b, &axis ) ) != 0 )
	{
		ttPm_Push( &block, ttPm_TurnRow( pair, axis, excess, arm ) );
	}
	if ( stopsOnly && block.count == anchorRows )
	{
		return false;
	}
	ttPm_SolveRows( pair, block.rows, block.count, h );
	if ( stopsOnly == false )
	{
		ttPm_SolveSoftSphericalLimits( pair, h );
	}
	return true;
}

// Compliant swing and twist limits (solved alone, after the rigid part).
static void ttPm_SolveSoftSphericalLimits( ttPmPair* pair, ttReal h )
{
	ttJoint* joint = pair->joint;
	const ttSphericalJointDef* def = &joint->spherical;
	ttReal arm = ttPm_Arm( pair->bodyA, pair->bodyB );
	ttPmRows none = { .count = 0 };
	ttVec3 a[3], b[3], axis;
	ttReal excess;
	if ( def->enableSwingLimit && def->swingCompliance > 0 )
	{
		ttPm_JointAxes( pair, a, b );
		if ( ( excess = ttPm_SwingExcess( def, a, b, &axis ) ) != 0 )
		{
			ttPm_Limit( pair, &none, ttPm_TurnRow( pair, axis, excess, arm ), def->swingCompliance * arm * arm,
			            joint->lambda + ttJointPart_limit, h );
		}
	}
	if ( def->enableTwistLimit && def->twistCompliance > 0 )
	{
		// Measured after the swing limit moved B.
		ttPm_JointAxes( pair, a, b );
		if ( ( excess = ttPm_TwistExcess( def, a, b, &axis ) ) != 0 )
		{
			ttPm_Limit( pair, &none, ttPm_TurnRow( pair, axis, excess, arm ), def->twistCompliance * arm * arm,
			            joint->lambda + ttJointPart_twist, h );
		}
	}
}

// The hinge's drive as a couple about its axis (the shared points keep the axis): the target,
// or the motor's target angle advanced by h v from the substep's start (ttJoint_BeginSubstep),
// with the motor's torque cap on the multiplier; a compliant limit likewise. A couple of arm a
// and force lambda is a torque a lambda, its error a times the angle: a torque cap becomes the
// row's by 1/a, a compliance in rad/(N m) the row's in m/N by a^2. A rigid target without a motor is a weld at the
// target (joint_solver_pointmass.c), not a row.
void ttPm_SolveHingeDrive( ttPmPair* pair, ttReal h )
{
	ttJoint* joint = pair->joint;
	const ttHingeJointDef* def = &joint->hinge;
	ttReal arm = ttPm_Arm( pair->bodyA, pair->bodyB );
	ttVec3 a[3], b[3];
	if ( def->enableMotor || ( def->enableTarget && def->targetCompliance > 0 ) )
	{
		ttPm_JointAxes( pair, a, b );
		ttReal target = def->enableMotor ? joint->motorAngle : def->targetAngle;
		ttReal angle = ttSignedAngle( a[0], a[1], b[1] ) - target;
		angle = angle > TT_PI ? angle - 2 * TT_PI : ( angle < -TT_PI ? angle + 2 * TT_PI : angle );
		ttPmRow row = ttPm_TurnRow( pair, a[0], angle, arm );
		ttReal cap = def->enableMotor ? def->maxMotorTorque * h * h / arm : TT_HUGE;
		row.compliance = ( def->enableMotor ? def->motorCompliance : def->targetCompliance ) * arm * arm;
		row.lambda = joint->lambda + ttJointPart_drive;
		row.lowerLambda = -cap;
		row.upperLambda = cap;
		ttPm_SolveRows( pair, &row, 1, h );
	}
	if ( def->enableLimit && def->limitCompliance > 0 )
	{
		ttPm_JointAxes( pair, a, b );
		ttReal excess = ttAngleLimitExcess( ttSignedAngle( a[0], a[1], b[1] ), def->lowerAngle, def->upperAngle );
		if ( excess != 0 )
		{
			ttPmRows none = { .count = 0 };
			ttPm_Limit( pair, &none, ttPm_TurnRow( pair, a[0], excess, arm ), def->limitCompliance * arm * arm,
			            joint->lambda + ttJointPart_limit, h );
		}
	}
}

// Prismatic and generic joints (section 3.4.2's per-axis limits in A's frame): B's anchor is a
// point of B held against A's frame, one row per axis of A that is locked (lower = upper) or past
// a limit, at the point of A under B's anchor; a locked rotation is three couples about A's axes
// turning B by the small rotation between the frames, (1/2) sum_i a_i x b_i. All in one block,
// so the anchor's rows and the turns do not undo each other. A prismatic joint's drive pulls the
// offset along A's x toward its target first, alone, with its compliance and force cap.
void ttPm_SolveAxes( ttPmPair* pair, ttReal h )
{
	ttJoint* joint = pair->joint;
	ttVec3 lower, upper;
	bool lockRotation;
	if ( joint->type == ttJoint_prismatic )
	{
		const ttPrismaticJointDef* def = &joint->prismatic;
		lower = ( ttVec3 ){ def->enableLimit ? def->lowerTranslation : 1, 0, 0 };
		upper = ( ttVec3 ){ def->enableLimit ? def->upperTranslation : 0, 0, 0 };
		lockRotation = true;
		if ( def->enableDrive )
		{
			ttVec3 a[3], b[3];
			ttPm_JointAxes( pair, a, b );
			ttVec3 offset = ttSub( ttPm_PointB( pair, joint->simFrameB.p ), ttPm_PointA( pair, joint->simFrameA.p ) );
			ttPmRow row = ttPm_PointRow( pair, a[0], ttDot( offset, a[0] ) - def->targetTranslation );
			ttReal cap = def->maxDriveForce * h * h;
			row.compliance = def->driveCompliance;
			row.lambda = joint->lambda + ttJointPart_drive;
			row.lowerLambda = -cap;
			row.upperLambda = cap;
			ttPm_SolveRows( pair, &row, 1, h );
		}
	}
	else
	{
		lower = joint->generic.lowerTranslation;
		upper = joint->generic.upperTranslation;
		lockRotation = joint->generic.lockRotation;
	}
	ttVec3 a[3], b[3];
	ttPm_JointAxes( pair, a, b );
	ttVec3 offset = ttSub( ttPm_PointB( pair, joint->simFrameB.p ), ttPm_PointA( pair, joint->simFrameA.p ) );
	ttPmRows block = { .count = 0 };
	for ( int i = 0; i < 3; ++i )
	{
		ttReal lo = ttPm_Get( lower, i ), hi = ttPm_Get( upper, i );
		if ( lo > hi )
		{
			continue; // a free axis
		}
		ttReal d = ttDot( offset, a[i] );
		ttReal error = d > hi ? d - hi : ( d < lo ? d - lo : 0 );
		if ( error != 0 || lo == hi )
		{
			ttPm_Push( &block, ttPm_PointRow( pair, a[i], error ) );
		}
	}
	if ( lockRotation )
	{
		ttVec3 rotation = ttScale(
		    (ttReal)0.5, ttAdd( ttAdd( ttCross( a[0], b[0] ), ttCross( a[1], b[1] ) ), ttCross( a[2], b[2] ) ) );
		ttReal arm = ttPm_Arm( pair->bodyA, pair->bodyB );
		for ( int i = 0; i < 3; ++i )
		{
			ttPm_Push( &block, ttPm_TurnRow( pair, a[i], ttDot( rotation, a[i] ), arm ) );
		}
	}
	ttPm_SolveRows( pair, block.rows, block.count, h );
}
