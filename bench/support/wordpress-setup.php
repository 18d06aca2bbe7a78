<?php
/*
 * Installs and seeds the peer bench's WordPress (bench/support/wordpress.ts runs it with PHP's CLI as root):
 * `php wordpress-setup.php <plan.json>`. The plan names Debian's configuration (WORDPRESS_CONFIG), the host the
 * install is made for, and the posts with their JPEGs. Prints JSON: whether it seeded now, and the posts' paths.
 * A WordPress already seeded by this plan is left as it is, so a second run costs nothing.
 */

$plan = json_decode(file_get_contents($argv[1]), true);
$_SERVER['WORDPRESS_CONFIG'] = $plan['config'];
$_SERVER['HTTP_HOST'] = $plan['host'];
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';

function post_paths() {
    $posts = get_posts(['numberposts' => -1, 'post_status' => 'publish', 'orderby' => 'date', 'order' => 'DESC']);
    return array_map(fn ($post) => wp_make_link_relative(get_permalink($post)), $posts);
}

if (is_blog_installed() && get_option('peer_bench_seed') === $plan['seed']) {
    echo json_encode(['seeded' => false, 'posts' => post_paths()]);
    exit(0);
}

// The machine sends no mail: wp_install's note to the administrator is skipped, not failed.
add_filter('pre_wp_mail', '__return_false');

if (!is_blog_installed()) {
    wp_install('Studio peer bench', 'admin', 'admin@example.com', true, '', wp_generate_password(24));
}

// A seed left half done, or an older plan's: its posts and their images go, files included.
foreach (get_posts(['numberposts' => -1, 'post_type' => ['post', 'attachment'], 'post_status' => 'any']) as $old) {
    if ($old->post_type === 'attachment') {
        wp_delete_attachment($old->ID, true);
    } else {
        wp_delete_post($old->ID, true);
    }
}

switch_theme('twentytwentythree');
global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
// Apache's configuration holds the rewrite rules; WordPress need not (and cannot) write an .htaccess.
flush_rewrite_rules(false);

// Oldest first, a minute apart, so the first post of the plan is the newest on the home page.
$count = count($plan['posts']);
foreach ($plan['posts'] as $index => $post) {
    $date = gmdate('Y-m-d H:i:s', time() - ($index + 1) * 60);
    $id = wp_insert_post([
        'post_title' => $post['title'],
        'post_content' => $post['content'],
        'post_excerpt' => $post['excerpt'],
        'post_status' => 'publish',
        'post_date_gmt' => $date,
        'post_date' => get_date_from_gmt($date),
    ], true);
    if (is_wp_error($id)) {
        fwrite(STDERR, $id->get_error_message() . "\n");
        exit(1);
    }
    $upload = wp_upload_bits($post['imageName'], null, file_get_contents($post['image']));
    if ($upload['error']) {
        fwrite(STDERR, $upload['error'] . "\n");
        exit(1);
    }
    $attachment = wp_insert_attachment([
        'post_mime_type' => 'image/jpeg',
        'post_title' => $post['alt'],
        'post_status' => 'inherit',
    ], $upload['file'], $id);
    wp_update_attachment_metadata($attachment, wp_generate_attachment_metadata($attachment, $upload['file']));
    update_post_meta($attachment, '_wp_attachment_image_alt', $post['alt']);
    set_post_thumbnail($id, $attachment);
}

update_option('peer_bench_seed', $plan['seed']);
echo json_encode(['seeded' => true, 'posts' => post_paths()]);
