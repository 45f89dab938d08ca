// SPDX-License-Identifier: MIT
// Paper Fig. 17 (section 4): inverse kinematics by simulation. A robot arm of five hinge joints
// with limits (scenes/fig17_robot_arm.json, gravity zero) has its gripper tip pulled by a
// zero-rest-length spring (compliance 0.01 m/N) toward the unreachable target [0.3, 1.5, 2].
//
// Expected (paper: "Unreachable positions yield overconstrained problems which our method handles
// gracefully by moving the gripper as close as possible to the target pose"):
// - every joint angle stays within its limits, +-0.5 degrees, in every frame of 6 s;
// - after 6 s the tip is within 1 cm of the reachable point nearest the target.
// The nearest reachable point is found here independently of the library: forward kinematics
// from the joint table below (product of exponentials about the joints' world axes in the
// start pose), a grid over the joint ranges (9 values per joint) and pattern-search refinement
// of the 20 best grid points, clamped to the limits. The table is checked against the scene
// (anchors, tip) at load. At the end the forward kinematics of the measured joint angles must
// agree with the simulated tip up to what the joints' own errors explain: the sum over the
// joints of position error + angle error * distance from the joint to the tip (as reported by
// ttJoint_GetPositionError / ttJoint_GetAngleError), plus 0.1 mm. This fixes the angle sign
// convention and catches a table that does not describe the scene.
#include "validation.h"

#include <string.h>

#define SCENE "scenes/fig17_robot_arm.json"
#define JOINTS 5
#define GRID 9
#define CANDIDATES 20

static const char* jointNames[JOINTS] = { "base_yaw", "shoulder", "elbow", "wrist_pitch", "wrist_yaw" };
// start pose (all angles zero): pivots and axes in world coordinates; limits in degrees
static const double pivots[JOINTS][3] = {
    { 0, 0.1, 0 }, { 0, 0.3, 0 }, { 0.8, 0.3, 0 }, { 1.4, 0.3, 0 }, { 1.7, 0.3, 0 } };
static const double axes[JOINTS][3] = { { 0, 1, 0 }, { 0, 0, 1 }, { 0, 0, 1 }, { 0, 0, 1 }, { 0, 1, 0 } };
static const double limitsDegrees[JOINTS][2] = { { -60, 60 }, { -20, 25 }, { -100, 10 }, { -45, 45 }, { -30, 30 } };
static const double tipStart[3] = { 1.9, 0.3, 0 }; // hand point [0.1, 0, 0]
static const double target[3] = { 0.3, 1.5, 2.0 };

// Rodrigues: rotate v about the unit axis u by angle a
static void rotate( const double u[3], double a, double v[3] )
{
	double c = cos( a ), s = sin( a );
	double d = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
	double cr[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
	for ( int i = 0; i < 3; ++i )
	{
		v[i] = v[i] * c + cr[i] * s + u[i] * d * ( 1 - c );
	}
}

// tip(theta) = e^(xi_1 theta_1) ... e^(xi_5 theta_5) tip(0): apply the outermost joint last
static void forwardKinematics( const double theta[JOINTS], double tip[3] )
{
	memcpy( tip, tipStart, sizeof( tipStart ) );
	for ( int k = JOINTS - 1; k >= 0; --k )
	{
		double d[3] = { tip[0] - pivots[k][0], tip[1] - pivots[k][1], tip[2] - pivots[k][2] };
		rotate( axes[k], theta[k], d );
		for ( int i = 0; i < 3; ++i )
		{
			tip[i] = pivots[k][i] + d[i];
		}
	}
}

static double distanceToTarget( const double theta[JOINTS] )
{
	double tip[3];
	forwardKinematics( theta, tip );
	double dx = tip[0] - target[0], dy = tip[1] - target[1], dz = tip[2] - target[2];
	return sqrt( dx * dx + dy * dy + dz * dz );
}

static double lowerLimit( int k )
{
	return limitsDegrees[k][0] * TV_DEG;
}

static double upperLimit( int k )
{
	return limitsDegrees[k][1] * TV_DEG;
}

// coordinate pattern search within the limits, step halved down to 1e-10 rad
static double refine( double theta[JOINTS] )
{
	double best = distanceToTarget( theta );
	for ( double step = 0.1; step > 1e-10; )
	{
		bool improved = false;
		for ( int k = 0; k < JOINTS; ++k )
		{
			for ( int sign = -1; sign <= 1; sign += 2 )
			{
				double saved = theta[k];
				theta[k] = fmin( upperLimit( k ), fmax( lowerLimit( k ), saved + sign * step ) );
				double d = distanceToTarget( theta );
				if ( d < best )
				{
					best = d;
					improved = true;
				}
				else
				{
					theta[k] = saved;
				}
			}
		}
		if ( improved == false )
		{
			step *= 0.5;
		}
	}
	return best;
}

// the reachable point nearest the target: grid search, then refinement of the best candidates
static double nearestReachable( double bestTheta[JOINTS], double point[3] )
{
	double candidateDistance[CANDIDATES];
	double candidateTheta[CANDIDATES][JOINTS];
	int count = 0;
	int total = 1;
	for ( int k = 0; k < JOINTS; ++k )
	{
		total *= GRID;
	}
	for ( int index = 0; index < total; ++index )
	{
		double theta[JOINTS];
		for ( int k = 0, rest = index; k < JOINTS; ++k, rest /= GRID )
		{
			theta[k] = lowerLimit( k ) + ( upperLimit( k ) - lowerLimit( k ) ) * ( rest % GRID ) / ( GRID - 1 );
		}
		double d = distanceToTarget( theta );
		// keep the CANDIDATES smallest, sorted
		int slot = count < CANDIDATES ? count++ : CANDIDATES;
		if ( slot == CANDIDATES && d >= candidateDistance[CANDIDATES - 1] )
		{
			continue;
		}
		if ( slot == CANDIDATES )
		{
			slot = CANDIDATES - 1;
		}
		while ( slot > 0 && candidateDistance[slot - 1] > d )
		{
			candidateDistance[slot] = candidateDistance[slot - 1];
			memcpy( candidateTheta[slot], candidateTheta[slot - 1], sizeof( candidateTheta[slot] ) );
			slot -= 1;
		}
		candidateDistance[slot] = d;
		memcpy( candidateTheta[slot], theta, sizeof( theta ) );
	}

	double best = INFINITY;
	for ( int c = 0; c < count; ++c )
	{
		double d = refine( candidateTheta[c] );
		if ( d < best )
		{
			best = d;
			memcpy( bestTheta, candidateTheta[c], sizeof( candidateTheta[c] ) );
		}
	}
	forwardKinematics( bestTheta, point );
	return best;
}

int main( void )
{
	ttScene scene;
	tvLoad( SCENE, &scene );
	ttBodyId hand = tvBody( &scene, "hand" );
	ttJointId attachment = tvJoint( &scene, "attachment" );
	ttJointId joints[JOINTS];
	const ttVec3 tipLocal = { (ttReal)0.1, 0, 0 };

	// the test's joint table must describe the scene
	for ( int k = 0; k < JOINTS; ++k )
	{
		joints[k] = tvJoint( &scene, jointNames[k] );
		ttVec3 anchor = ttJoint_GetAnchorA( joints[k] );
		ttVec3 pivot = { (ttReal)pivots[k][0], (ttReal)pivots[k][1], (ttReal)pivots[k][2] };
		ENSURE_BELOW( tvDistance( anchor, pivot ), 1e-6 );
	}
	ttVec3 tip0 = ttBody_GetWorldPoint( hand, tipLocal );
	ENSURE_BELOW( tvDistance( tip0, ( ttVec3 ){ (ttReal)tipStart[0], (ttReal)tipStart[1], (ttReal)tipStart[2] } ),
	              1e-6 );
	ENSURE_BELOW( tvDistance( ttJoint_GetAnchorA( attachment ),
	                          ( ttVec3 ){ (ttReal)target[0], (ttReal)target[1], (ttReal)target[2] } ),
	              1e-6 );

	// simulate, watching the limits in every frame
	double worstViolation[JOINTS] = { 0 };
	int frames = tvFrames( 6.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( scene.worldId, 1 );
		for ( int k = 0; k < JOINTS; ++k )
		{
			double angle = (double)ttHingeJoint_GetAngle( joints[k] );
			double violation = fmax( lowerLimit( k ) - angle, angle - upperLimit( k ) );
			worstViolation[k] = fmax( worstViolation[k], violation );
		}
	}

	double measured[JOINTS], modelTip[3];
	for ( int k = 0; k < JOINTS; ++k )
	{
		measured[k] = (double)ttHingeJoint_GetAngle( joints[k] );
	}
	forwardKinematics( measured, modelTip );
	ttVec3 tip = ttBody_GetWorldPoint( hand, tipLocal );
	double tipArray[3] = { (double)tip.x, (double)tip.y, (double)tip.z };
	double modelError = sqrt( ( modelTip[0] - tipArray[0] ) * ( modelTip[0] - tipArray[0] ) +
	                          ( modelTip[1] - tipArray[1] ) * ( modelTip[1] - tipArray[1] ) +
	                          ( modelTip[2] - tipArray[2] ) * ( modelTip[2] - tipArray[2] ) );

	double explained = 1e-4;
	for ( int k = 0; k < JOINTS; ++k )
	{
		double lever = tvDistance( tip, ttJoint_GetAnchorB( joints[k] ) );
		explained += (double)ttJoint_GetPositionError( joints[k] ) + (double)ttJoint_GetAngleError( joints[k] ) * lever;
	}

	double bestTheta[JOINTS], nearest[3];
	double nearestDistance = nearestReachable( bestTheta, nearest );
	double offset = sqrt( ( nearest[0] - tipArray[0] ) * ( nearest[0] - tipArray[0] ) +
	                      ( nearest[1] - tipArray[1] ) * ( nearest[1] - tipArray[1] ) +
	                      ( nearest[2] - tipArray[2] ) * ( nearest[2] - tipArray[2] ) );

	printf( "Fig. 17: robot arm pulled toward the unreachable target [%g, %g, %g], after 6 s\n", target[0], target[1],
	        target[2] );
	printf( "joint       | limits deg     | simulated deg | search deg | worst limit violation deg\n" );
	for ( int k = 0; k < JOINTS; ++k )
	{
		printf( "%-11s | [%5.0f, %5.0f] | %13.4f | %10.4f | %.5f\n", jointNames[k], limitsDegrees[k][0],
		        limitsDegrees[k][1], measured[k] / TV_DEG, bestTheta[k] / TV_DEG, worstViolation[k] / TV_DEG );
		ENSURE_BELOW( worstViolation[k], 0.5 * TV_DEG );
	}
	printf( "tip simulated [%.5f, %.5f, %.5f], nearest reachable [%.5f, %.5f, %.5f] at %.5f m from the target\n",
	        tipArray[0], tipArray[1], tipArray[2], nearest[0], nearest[1], nearest[2], nearestDistance );
	printf( "tip offset from the nearest reachable point %.3e m; forward kinematics of the simulated angles "
	        "differs from the tip by %.3e m (the joint errors explain %.3e m)\n",
	        offset, modelError, explained );

	ENSURE_BELOW( modelError, explained );
	ENSURE_BELOW( offset, 0.01 );
	ttScene_Destroy( &scene );
	return TEST_RESULT();
}
