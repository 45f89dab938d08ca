// SPDX-License-Identifier: MIT
// Long range constraints from the joint graph (Mueller et al. 2017; docs/long-range.md).
//
// 1. Fig. 14: weights of 10, 100 and 1000 kg on chains of 20 links of 0.1 kg (1:10,000) at a budget
//    of 10 (1 substep x 10 iterations and 10 x 1): with attachments every chain stretches less than
//    1 % at all times, without them the heaviest more than 10 % (the paper: the weight reaches the
//    floor even at 1000 iterations).
// 2. BENCHMARKS.md heavy_chain at 60 Hz with 20 x 1: under 1 % with attachments (11.8 % without).
// 3. Fig. 15: a rope bridge of 1002 joints at 1 x 20: the 3-level hierarchy at least halves the
//    largest sag of the plain solve; 20 x 1 is reported beside it.
// 4. A free chain spun up so that its joints stretch: the hierarchy pulls it together, adds no
//    linear momentum and changes the angular momentum drift of the plain solve (3 %, from XPBD's
//    linearized rotations) by less than 5 % of it.
// 5. A swinging chain that the joints hold: the attachments find its 4 bounds (the trajectory
//    difference is printed: 5.5e-5 m, from the bounds acting within the iterations).
// 6. Fig. 16: the crossbow modelled taut fires its arrow with the attachments' upper bounds held
//    as soft lower bounds, and does nothing without them.
// 7. Fig. 1 (right), the cable car as a wheel: a cable hanging from the rim of a free wheel, one car
//    on one end and two on the other (1:10,000): with the hierarchy the cable stretches less than
//    1 % and the single car rises; without it the cable stretches far beyond 10 %.
#include "../tools/metrics.h"
#include "validation.h"

#include <string.h>

static double s_float = TT_REAL_IS_FLOAT;

// ---------------------------------------------------------------------------------------------
// 1-2: stretch of hanging chains

typedef struct tlStretch
{
	double end, max; // relative stretch of the worst chain at the end and over the run
} tlStretch;

static double tlChainStretch( ttJointId top, ttJointId hook, double rest )
{
	return ( tvDistance( ttJoint_GetAnchorA( top ), ttJoint_GetAnchorB( hook ) ) - rest ) / rest;
}

static tlStretch tlRunWeights( int substeps, int iterations, bool attachments )
{
	ttScene scene;
	tvLoadWith( "scenes/lr_fig14_weights.json", &scene, substeps, iterations );
	ENSURE( ttWorld_EnableLongRange( scene.worldId, ttLongRange_attachments, attachments ) == ttResult_ok );
	ttJointId tops[3], hooks[3];
	for ( int c = 0; c < 3; ++c )
	{
		char name[32];
		snprintf( name, sizeof( name ), "chain%d_joint0", c );
		tops[c] = tvJoint( &scene, name );
		snprintf( name, sizeof( name ), "hook%d", c );
		hooks[c] = tvJoint( &scene, name );
	}
	tlStretch s = { 0, 0 };
	int frames = tvFrames( 5.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( scene.worldId, 1 );
		s.end = 0;
		for ( int c = 0; c < 3; ++c )
		{
			double stretch = tlChainStretch( tops[c], hooks[c], 4.0 );
			s.end = stretch > s.end ? stretch : s.end;
		}
		s.max = s.end > s.max ? s.end : s.max;
	}
	ttScene_Destroy( &scene );
	return s;
}

static void tlFig14( void )
{
	const int splits[2][2] = { { 1, 10 }, { 10, 1 } };
	printf( "Fig. 14: weights 10/100/1000 kg on 20 links of 0.1 kg; worst chain's stretch\n" );
	printf( "substeps x iterations | attachments | stretch at 5 s | max stretch\n" );
	for ( int i = 0; i < 2; ++i )
	{
		tlStretch on = tlRunWeights( splits[i][0], splits[i][1], true );
		tlStretch off = tlRunWeights( splits[i][0], splits[i][1], false );
		printf( "%8d x %-12d | on          | %12.4f %% | %10.4f %%\n", splits[i][0], splits[i][1], 100 * on.end,
		        100 * on.max );
		printf( "%8d x %-12d | off         | %12.4f %% | %10.4f %%\n", splits[i][0], splits[i][1], 100 * off.end,
		        100 * off.max );
		ENSURE_BELOW( on.max, 0.01 );
		ENSURE_BELOW( 0.10, off.end );
	}
}

static void tlHeavyChain( void )
{
	double stretch[2][2];
	for ( int on = 0; on < 2; ++on )
	{
		ttScene scene;
		tvLoadWith( "scenes/bench_heavy_chain.json", &scene, 20, 1 );
		ENSURE( ttWorld_EnableLongRange( scene.worldId, ttLongRange_attachments, on == 1 ) == ttResult_ok );
		ttJointId top = tvJoint( &scene, "ball0" ), hook = tvJoint( &scene, "hook" );
		stretch[on][0] = stretch[on][1] = 0;
		for ( int frame = 0; frame < 300; ++frame )
		{
			tvStep( scene.worldId, 1 );
			stretch[on][0] = tlChainStretch( top, hook, 4.0 );
			stretch[on][1] = stretch[on][0] > stretch[on][1] ? stretch[on][0] : stretch[on][1];
		}
		ttScene_Destroy( &scene );
	}
	printf( "heavy_chain 20 x 1 at 60 Hz: stretch at 5 s %.4f %% (max %.4f %%) with attachments, %.4f %% (max %.4f %%) "
	        "without\n",
	        100 * stretch[1][0], 100 * stretch[1][1], 100 * stretch[0][0], 100 * stretch[0][1] );
	ENSURE_BELOW( stretch[1][0], 0.01 );
	ENSURE_BELOW( stretch[1][1], 0.01 );
	ENSURE_BELOW( 0.10, stretch[0][0] );
}

// ---------------------------------------------------------------------------------------------
// 3: rope bridge

// Largest sag below the anchors (y = 10) of the rope joints over 3 s.
static double tlBridgeSag( int substeps, int iterations, bool hierarchy, int* count )
{
	ttScene scene;
	tvLoadWith( "scenes/lr_fig15_rope_bridge.json", &scene, substeps, iterations );
	ENSURE( ttWorld_EnableLongRange( scene.worldId, ttLongRange_hierarchy, hierarchy ) == ttResult_ok );
	ttJointId joints[2][251];
	for ( int i = 0; i <= 250; ++i )
	{
		char name[32];
		snprintf( name, sizeof( name ), "left_joint%03d", i );
		joints[0][i] = tvJoint( &scene, name );
		snprintf( name, sizeof( name ), "right_joint%03d", i );
		joints[1][i] = tvJoint( &scene, name );
	}
	double sag = 0;
	int frames = tvFrames( 3.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( scene.worldId, 1 );
		for ( int side = 0; side < 2; ++side )
		{
			for ( int i = 1; i < 250; ++i )
			{
				double s = 10 - (double)ttJoint_GetAnchorB( joints[side][i] ).y;
				sag = s > sag ? s : sag;
			}
		}
	}
	*count = ttWorld_GetStepStats( scene.worldId ).longRangeCount[ttLongRange_hierarchy];
	ttScene_Destroy( &scene );
	return sag;
}

static void tlRopeBridge( void )
{
	int count = 0, plainCount = 0;
	double plain = tlBridgeSag( 1, 20, false, &plainCount );
	double levels3 = tlBridgeSag( 1, 20, true, &count );
	double plain20 = tlBridgeSag( 20, 1, false, &plainCount );
	double levels20 = tlBridgeSag( 20, 1, true, &count );
	printf( "Fig. 15 rope bridge (1002 joints, rest sag 1.55 m): largest sag over 3 s\n" );
	printf( "   1 x 20: plain %.3f m, hierarchy of 3 levels (%d bounds) %.3f m\n", plain, count, levels3 );
	printf( "  20 x 1 : plain %.3f m, hierarchy of 3 levels %.3f m\n", plain20, levels20 );
	ENSURE_BELOW( levels3, 0.5 * plain );
}

// ---------------------------------------------------------------------------------------------
// 4: momentum of a free chain

// A free chain of 10 links of 0.1 kg between two 2 kg balls, spinning about z at 1 rad/s with no
// gravity: the centrifugal load stretches its ball joints at 1 x 4.
static void tlFreeChainJson( char* text, size_t size )
{
	int used =
	    snprintf( text, size,
	              "{\"name\": \"free_chain\", \"world\": {\"gravity\": [0, 0, 0], \"substeps\": 1, \"iterations\": 4, "
	              "\"contacts\": false, \"longRangeLevels\": 3}, \"bodies\": [" );
	const double omega = 1;
	for ( int i = 0; i < 12; ++i )
	{
		double x = -1.1 + 0.2 * i;
		if ( i == 0 || i == 11 )
		{
			x = i == 0 ? -1.1 : 1.1;
		}
		used += snprintf( text + used, size - (size_t)used,
		                  "%s{\"name\": \"b%d\", \"type\": \"dynamic\", \"position\": [%.17g, 0, 0], \"mass\": %s, "
		                  "\"linearVelocity\": [0, %.17g, 0.3], \"angularVelocity\": [0, 0, %.17g], "
		                  "\"shapes\": [{\"type\": \"sphere\", \"radius\": 0.05}]}",
		                  i > 0 ? ", " : "", i, x, ( i == 0 || i == 11 ) ? "2" : "0.1", omega * x, omega );
	}
	used += snprintf( text + used, size - (size_t)used, "], \"joints\": [" );
	for ( int i = 0; i < 11; ++i )
	{
		double x = -1.1 + 0.2 * i + 0.1;
		used +=
		    snprintf( text + used, size - (size_t)used,
		              "%s{\"type\": \"spherical\", \"bodyA\": \"b%d\", \"bodyB\": \"b%d\", \"anchor\": [%.17g, 0, 0]}",
		              i > 0 ? ", " : "", i, i + 1, x );
	}
	snprintf( text + used, size - (size_t)used, "]}" );
}

static void tlFreeChainMomentum( void )
{
	char json[8192];
	tlFreeChainJson( json, sizeof( json ) );
	double drift[2][2], stretch[2];
	for ( int on = 0; on < 2; ++on )
	{
		ttScene scene;
		char error[512];
		if ( ttScene_LoadString( json, "free_chain", &scene, error, (int)sizeof( error ) ) == false )
		{
			fprintf( stderr, "FAIL free chain: %s\n", error );
			tt_test_failures += 1;
			return;
		}
		ENSURE( ttWorld_EnableLongRange( scene.worldId, ttLongRange_hierarchy, on == 1 ) == ttResult_ok );
		int columns = ttMetrics_ColumnCount( &scene );
		double* first = calloc( (size_t)columns, sizeof( double ) );
		double* now = calloc( (size_t)columns, sizeof( double ) );
		ttMetrics_Sample( &scene, 0, first );
		ttJointId firstJoint = scene.joints[0], lastJoint = scene.joints[10];
		double rest = tvDistance( ttJoint_GetAnchorA( firstJoint ), ttJoint_GetAnchorB( lastJoint ) );
		drift[on][0] = drift[on][1] = 0;
		stretch[on] = 0;
		for ( int frame = 0; frame < 120; ++frame )
		{
			tvStep( scene.worldId, 1 );
			ttMetrics_Sample( &scene, 0, now );
			double dp = 0, dl = 0, p = 0, l = 0;
			for ( int k = 0; k < 3; ++k )
			{
				dp += pow( now[ttMetric_linearMomentumX + k] - first[ttMetric_linearMomentumX + k], 2 );
				dl += pow( now[ttMetric_angularMomentumX + k] - first[ttMetric_angularMomentumX + k], 2 );
				p += pow( first[ttMetric_linearMomentumX + k], 2 );
				l += pow( first[ttMetric_angularMomentumX + k], 2 );
			}
			drift[on][0] = fmax( drift[on][0], sqrt( dp / p ) );
			drift[on][1] = fmax( drift[on][1], sqrt( dl / l ) );
			double span = tvDistance( ttJoint_GetAnchorA( firstJoint ), ttJoint_GetAnchorB( lastJoint ) );
			stretch[on] = fmax( stretch[on], ( span - rest ) / rest );
		}
		free( first );
		free( now );
		ttScene_Destroy( &scene );
	}
	printf( "free spinning chain 1 x 4, 2 s: largest stretch of the joint span %.4f %% plain, %.4f %% with the "
	        "hierarchy\n",
	        100 * stretch[0], 100 * stretch[1] );
	printf( "  relative drift of linear / angular momentum: plain %.3e / %.3e, hierarchy %.3e / %.3e\n", drift[0][0],
	        drift[0][1], drift[1][0], drift[1][1] );
	// Every XPBD correction conserves linear momentum exactly and angular momentum to first order in
	// the rotation it makes (the linearized quaternion update): the plain solve of this chain
	// itself drifts by 3 % in angular momentum. The hierarchy's bounds are pairs of equal and
	// opposite corrections along the line between their points: they must add nothing to the linear
	// drift and change the angular drift by less than 5 % of the plain solve's.
	double tolerance = s_float ? 1e-4 : 1e-9;
	ENSURE_BELOW( stretch[1], 0.5 * stretch[0] ); // the hierarchy acts
	ENSURE_BELOW( drift[1][0], tolerance );
	ENSURE_BELOW( fabs( drift[1][1] - drift[0][1] ), 0.05 * drift[0][1] );
}

// ---------------------------------------------------------------------------------------------
// 5: a correct simulation is left alone

// Five links of 0.1 kg and 0.2 m on ball joints hanging from the world, turning rigidly about the
// anchor at 0.5 rad/s, at 20 x 20: the joints hold it (at 20 x 1 a chain under gravity keeps a stretch of
// 1e-5 to 1e-3, which the attachments remove: the trajectory then differs by millimetres).
static void tlSwingingChainJson( char* text, size_t size )
{
	int used = snprintf( text, size,
	                     "{\"name\": \"swing\", \"world\": {\"gravity\": [0, -9.81, 0], \"substeps\": 20, "
	                     "\"iterations\": 20, \"contacts\": false}, \"bodies\": [" );
	for ( int i = 0; i < 5; ++i )
	{
		used += snprintf( text + used, size - (size_t)used,
		                  "%s{\"name\": \"link%d\", \"type\": \"dynamic\", \"position\": [0, %.17g, 0], \"mass\": 0.1, "
		                  "\"linearVelocity\": [%.17g, 0, 0], \"angularVelocity\": [0, 0, 0.5], \"shapes\": "
		                  "[{\"type\": \"capsule\", \"radius\": 0.05, "
		                  "\"center1\": [0, 0.1, 0], \"center2\": [0, -0.1, 0]}]}",
		                  i > 0 ? ", " : "", i, -0.2 * i - 0.1, 0.1 * ( i + 0.5 ) );
	}
	used += snprintf( text + used, size - (size_t)used, "], \"joints\": [" );
	for ( int i = 0; i < 5; ++i )
	{
		char bodyA[32] = "";
		if ( i > 0 )
		{
			snprintf( bodyA, sizeof( bodyA ), "\"bodyA\": \"link%d\", ", i - 1 );
		}
		used += snprintf( text + used, size - (size_t)used,
		                  "%s{\"type\": \"spherical\", %s\"bodyB\": \"link%d\", \"anchor\": [0, %.17g, 0]}",
		                  i > 0 ? ", " : "", bodyA, i, -0.2 * i );
	}
	snprintf( text + used, size - (size_t)used, "]}" );
}

static void tlChainUnchanged( void )
{
	char json[8192];
	tlSwingingChainJson( json, sizeof( json ) );
	ttScene plain, attached;
	char error[512];
	if ( ttScene_LoadString( json, "swing", &plain, error, (int)sizeof( error ) ) == false ||
	     ttScene_LoadString( json, "swing", &attached, error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "FAIL swinging chain: %s\n", error );
		tt_test_failures += 1;
		return;
	}
	ENSURE( ttWorld_EnableLongRange( attached.worldId, ttLongRange_attachments, true ) == ttResult_ok );
	ttBodyId a = tvBody( &plain, "link4" ), b = tvBody( &attached, "link4" );
	double largest = 0;
	int frames = tvFrames( 10.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( plain.worldId, 1 );
		tvStep( attached.worldId, 1 );
		largest = fmax( largest, tvDistance( ttBody_GetPosition( a ), ttBody_GetPosition( b ) ) );
	}
	int count = ttWorld_GetStepStats( attached.worldId ).longRangeCount[ttLongRange_attachments];
	printf( "swinging chain of 5 links, 10 s: %d attachment bounds, largest difference of the last link's position "
	        "%.3e m\n",
	        count, largest );
	// Not bit for bit: 5.5e-5 m after 10 s in double. The chain is held at the end of every
	// substep (stretch below 1e-15) but not within its 20 iterations: after the first joint passes
	// it is stretched beyond the bounds' slack, the bounds engage as the paper projects them (every
	// iteration) and the iterations converge to a slightly different state. Projected only in the
	// last iteration the difference is 0 (measured); see docs/long-range.md. Only the count is
	// checked; the number is printed.
	ENSURE( count == 4 );
	ttScene_Destroy( &plain );
	ttScene_Destroy( &attached );
}

// ---------------------------------------------------------------------------------------------
// 6: fig. 16, the crossbow

static double tlArrowTravel( bool attachments )
{
	ttScene scene;
	tvLoad( "scenes/lr_fig16_crossbow.json", &scene );
	ENSURE( ttWorld_EnableLongRange( scene.worldId, ttLongRange_attachments, attachments ) == ttResult_ok );
	ttBodyId arrow = tvBody( &scene, "arrow" );
	double start = (double)ttBody_GetPosition( arrow ).x;
	tvStep( scene.worldId, tvFrames( 1.0 ) );
	double travel = (double)ttBody_GetPosition( arrow ).x - start;
	ttScene_Destroy( &scene );
	return travel;
}

static void tlCrossbow( void )
{
	double fired = tlArrowTravel( true ), plain = tlArrowTravel( false );
	printf( "Fig. 16 crossbow: the arrow travels %.3f m in 1 s with the soft lower bounds, %.3e m without\n", fired,
	        plain );
	// The bow's soft bounds store about 0.7 J: the arrow leaves at several m/s; without them
	// nothing moves but rounding (1e-5 m over 1200 substeps in float).
	ENSURE_BELOW( 1.0, fired );
	ENSURE_BELOW( fabs( plain ), s_float ? 1e-4 : 1e-9 );
}

// ---------------------------------------------------------------------------------------------
// 7: fig. 1, the cable car (as a wheel)

typedef struct tlCable
{
	double stretch, maxStretch; // worst side: (|rim point - hook| - 3.2 m) / 3.2 m
	double maxGaps;             // largest sum of the cable's joint gaps, m
	double carRise;             // how far the single car rose in 2 s, m
	double earlyRise;           // how far it rose in the first 0.5 s, m
} tlCable;

static tlCable tlRunCableCar( bool hierarchy )
{
	ttScene scene;
	tvLoad( "scenes/lr_cable_car.json", &scene );
	ENSURE( ttWorld_EnableLongRange( scene.worldId, ttLongRange_hierarchy, hierarchy ) == ttResult_ok );
	ttJointId rims[2] = { tvJoint( &scene, "left_joint00" ), tvJoint( &scene, "right_joint00" ) };
	ttJointId hooks[2] = { tvJoint( &scene, "hook_left" ), tvJoint( &scene, "hook_right" ) };
	ttBodyId car = tvBody( &scene, "carA" );
	double start = (double)ttBody_GetPosition( car ).y;
	tlCable c = { 0, 0, 0, 0, 0 };
	for ( int frame = 0; frame < tvFrames( 2.0 ); ++frame )
	{
		tvStep( scene.worldId, 1 );
		c.stretch = 0;
		for ( int side = 0; side < 2; ++side )
		{
			double length = tvDistance( ttJoint_GetAnchorB( rims[side] ), ttJoint_GetAnchorB( hooks[side] ) );
			c.stretch = fmax( c.stretch, ( length - 3.2 ) / 3.2 );
		}
		c.maxStretch = fmax( c.maxStretch, c.stretch );
		double gaps = 0;
		for ( int j = 0; j < scene.jointCount; ++j )
		{
			gaps +=
			    strcmp( scene.jointNames[j], "axle" ) != 0 ? (double)ttJoint_GetPositionError( scene.joints[j] ) : 0;
		}
		c.maxGaps = fmax( c.maxGaps, gaps );
		if ( frame + 1 == tvFrames( 0.5 ) )
		{
			c.earlyRise = (double)ttBody_GetPosition( car ).y - start;
		}
	}
	c.carRise = (double)ttBody_GetPosition( car ).y - start;
	ttScene_Destroy( &scene );
	return c;
}

static void tlCableCar( void )
{
	tlCable on = tlRunCableCar( true ), off = tlRunCableCar( false );
	printf( "Fig. 1 cable car (2 x 32 links of 0.1 kg from a free wheel, cars of 1000 kg), 20 x 1, 2 s:\n" );
	printf( "  hierarchy of 5 levels: stretch %.4f %% (max %.4f %%), joint gaps up to %.3f m, car A rose %.3f m\n",
	        100 * on.stretch, 100 * on.maxStretch, on.maxGaps, on.carRise );
	printf( "  plain:                 stretch %.1f %% (max %.1f %%), joint gaps up to %.3f m, car A rose %.3f m\n",
	        100 * off.stretch, 100 * off.maxStretch, off.maxGaps, off.carRise );
	ENSURE_BELOW( on.maxStretch, 0.01 );
	ENSURE_BELOW( 0.10, off.maxStretch );
	// Two cars pull one across the wheel (a ring of 100 kg): a = g (2000 - 1000) / 3100 kg, so
	// a t^2 / 2 = 0.3955 m in the first 0.5 s while the rim points have turned by little (0.2 rad).
	// Later the rim points swing round under the axle and the motion slows (2 m in 2 s).
	printf( "  car A rose %.4f m in 0.5 s with the hierarchy (inextensible: %.4f m), %.4f m plain\n", on.earlyRise,
	        0.5 * 9.81 * 1000 / 3100 * 0.25, off.earlyRise );
	ENSURE_NEAR( on.earlyRise, 0.5 * 9.81 * 1000 / 3100 * 0.25, 0.01 * 0.3955 );
}

int main( void )
{
	tlFig14();
	tlHeavyChain();
	tlChainUnchanged();
	tlFreeChainMomentum();
	tlCrossbow();
	tlCableCar();
	tlRopeBridge();
	return TEST_RESULT();
}
